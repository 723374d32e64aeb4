import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// Who asks is built in few places and handed down from there (lib/access/context.ts): a new
// place that builds it from a user it looked up itself must be added here, on purpose.
const builders = [
  "lib/api/route.ts",
  "lib/auth/current-user.ts",
  "lib/calendar/feed-response.ts",
  "lib/forge-hooks/receiver.ts",
  "lib/jobs/queue.ts",
  "lib/mcp/server.ts",
];

describe("the access context", () => {
  it("is built only by the request, action, tool, job and delivery entry points", () => {
    const callers = execFileSync("git", ["grep", "-l", "accessFor(", "--", "app", "components", "lib"], { encoding: "utf8" })
      .split("\n")
      .filter((file) => file && file !== "lib/access/context.ts");
    expect(callers.sort()).toEqual([...builders].sort());
  });
});
