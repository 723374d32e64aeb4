import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// vercel.json (README, "Deploying to Vercel"): what it names must exist, or Vercel's build fails
// on a renamed route, or its cron calls a path that answers 404.
const root = path.resolve(import.meta.dirname, "../..");
const config = JSON.parse(readFileSync(path.join(root, "vercel.json"), "utf8")) as {
  functions: Record<string, { maxDuration: number }>;
  crons: { path: string; schedule: string }[];
};

describe("vercel.json", () => {
  it("gives the long-running routes, which exist, up to Vercel Pro's 300 seconds", () => {
    for (const [file, { maxDuration }] of Object.entries(config.functions)) {
      expect(existsSync(path.join(root, file)), file).toBe(true);
      expect(maxDuration, file).toBeGreaterThan(10);
      expect(maxDuration, file).toBeLessThanOrEqual(300);
    }
    // The streams end by themselves before it (docs/api.md, "Limits"), and the MCP time limit is 120 s.
    expect(config.functions["app/api/v1/worklog/recaps/sse/route.ts"]!.maxDuration).toBe(300);
  });

  it("calls the job queue's cron route, which exists", () => {
    expect(config.crons).toEqual([{ path: "/api/cron/jobs", schedule: "* * * * *" }]);
    expect(existsSync(path.join(root, "app/api/cron/jobs/route.ts"))).toBe(true);
  });
});
