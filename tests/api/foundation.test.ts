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
  it("creates a user and an API key that prints alone on stdout", async () => {
    const { email } = await server.createUser({ email: uniqueEmail("Admin") });
    const second = uniqueEmail("second").toLowerCase();
    const created = await server.admin("user:create", "--email", second, "--password", "long enough", "--plan", "free");
    expect(created).toMatchObject({ exitCode: 0, stderr: "" });
    expect(created.stdout).toMatch(new RegExp(`^Created user ${second.replaceAll(".", "\\.")} \\([0-9a-f-]{36}\\) on plan free\\n$`));

    const key = await server.createKey(email.toLowerCase(), ["project:read", "project:write", "worklog:*"]);
    expect(key).toMatch(/^wl_[0-9A-Za-z]{40}$/);
  });

  it("changes a plan, and revokes keys by prefix", async () => {
    const { email } = await server.createUser();
    expect((await server.admin("user:plan", "--email", email, "--plan", "free")).stdout).toBe(`${email} is now on plan free\n`);
    const key = await server.createKey(email, ["user:read"]);
    expect(await server.admin("key:revoke", "--email", email, "--prefix", key.slice(0, 8))).toMatchObject({ exitCode: 0, stdout: "Revoked 1 key\n" });
    expect(await server.admin("key:revoke", "--email", email, "--prefix", key.slice(0, 8))).toMatchObject({ exitCode: 1 });
  });

  it("explains bad input with an exit code and no stack trace", async () => {
    const duplicate = uniqueEmail("dup");
    expect((await server.admin("user:create", "--email", duplicate.toLowerCase(), "--password", "long enough")).exitCode).toBe(0);
    const again = await server.admin("user:create", "--email", duplicate.toUpperCase(), "--password", "long enough");
    expect(again).toMatchObject({ exitCode: 1, stdout: "", stderr: "/email: Duplicate value\n" });

    const weak = await server.admin("user:create", "--email", uniqueEmail("weak"), "--password", "short");
    expect(weak).toMatchObject({ exitCode: 1, stderr: "/password: String length is smaller than minLength\n" });

    expect(await server.admin("key:create", "--email", duplicate.toLowerCase(), "--name", "k", "--scopes", "*:*")).toMatchObject({ exitCode: 1 });
    expect((await server.admin("user:plan", "--email", uniqueEmail("nobody"), "--plan", "pro")).stderr).toContain("No account has the email");

    const unknown = await server.admin("frobnicate");
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("Unknown command: frobnicate");
    expect(unknown.stderr).toContain("user:create --email");

    const missing = await server.admin("user:create", "--email", uniqueEmail("missing"));
    expect(missing).toMatchObject({ exitCode: 2 });
    expect(missing.stderr).toContain("Missing --password");
    // Seven runs of the admin CLI, each starting tsx: a bound for a slow machine, not a speed test.
  }, 180_000);

  it("db:migrate reports an up-to-date database", async () => {
    expect(await server.admin("db:migrate")).toMatchObject({ exitCode: 0, stdout: "The database is up to date.\n" });
  });
});
