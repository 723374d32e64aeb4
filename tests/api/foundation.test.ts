import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

/** An email no other account of the shared database has, in the case given. */
const uniqueEmail = (name: string) => `${name}-${randomUUID()}@Example.com`;

describe("probes", () => {
  it("GET /api/live answers without the database", async () => {
    const response = await server.request("/api/live");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("GET /api/health reports the database", async () => {
    const response = await server.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("the home page is served", async () => {
    const response = await server.request("/");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Worklog");
  });
});

describe("the admin CLI, while the server runs", () => {
  // The commands themselves: tests/db/admin-commands.test.ts. Here, the CLI around them: what it
  // prints, its exit codes, and its way to the server's database.
  it("prints what a command made alone on stdout, and the account works through the API", async () => {
    const email = uniqueEmail("admin").toLowerCase();
    const created = await server.admin("user:create", "--email", email, "--password", "long enough", "--plan", "free");
    expect(created).toMatchObject({ exitCode: 0, stderr: "" });
    expect(created.stdout).toMatch(new RegExp(`^Created user ${email.replaceAll(".", "\\.")} \\([0-9a-f-]{36}\\) on plan free\\n$`));
    const key = await server.admin("key:create", "--email", email, "--name", "k", "--scopes", "user:read");
    expect(key).toMatchObject({ exitCode: 0, stderr: "" });
    const user = await server.request("/api/v1/user", { key: key.stdout.trim() });
    expect(await user.json()).toMatchObject({ email, plan: "free" });
  });

  it("explains bad input with its exit code on stderr, with no stack trace", async () => {
    const unknown = await server.admin("frobnicate");
    expect(unknown).toMatchObject({ exitCode: 2, stdout: "" });
    expect(unknown.stderr).toContain("Unknown command: frobnicate");
    expect(unknown.stderr).not.toContain("    at ");
    const duplicate = await server.admin("user:create", "--email", (await server.createUser()).email, "--password", "long enough");
    expect(duplicate).toEqual({ exitCode: 1, stdout: "", stderr: "/email: Duplicate value\n" });
  });

  it("db:migrate reports an up-to-date database", async () => {
    expect(await server.admin("db:migrate")).toMatchObject({ exitCode: 0, stdout: "The database is up to date.\n" });
  });
});
