import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { runAdminCommand } from "@/lib/admin/commands";

// The operations CLI's commands, as scripts/admin-cli.ts and the embedded server's admin socket
// run them: what they print and how they end. tests/api/foundation.test.ts runs the CLI itself.

const uniqueEmail = (name: string) => `${name}-${randomUUID()}@example.com`;
const run = (...argv: string[]) => runAdminCommand(argv);

describe("the admin commands", () => {
  it("create a user and an API key that prints alone on stdout", async () => {
    const email = uniqueEmail("admin");
    const created = await run("user:create", "--email", email, "--password", "long enough", "--plan", "free");
    expect(created).toMatchObject({ exitCode: 0, stderr: "" });
    expect(created.stdout).toMatch(new RegExp(`^Created user ${email.replaceAll(".", "\\.")} \\([0-9a-f-]{36}\\) on plan free\\n$`));
    const key = await run("key:create", "--email", email.toUpperCase(), "--name", "k", "--scopes", "project:read,worklog:*");
    expect(key).toMatchObject({ exitCode: 0, stderr: "" });
    expect(key.stdout).toMatch(/^wl_[0-9A-Za-z]{40}\n$/);
  });

  it("change a plan, and revoke keys by prefix", async () => {
    const email = uniqueEmail("plan");
    await run("user:create", "--email", email, "--password", "long enough");
    expect(await run("user:plan", "--email", email, "--plan", "free")).toEqual({ exitCode: 0, stdout: `${email} is now on plan free\n`, stderr: "" });
    const key = (await run("key:create", "--email", email, "--name", "k", "--scopes", "user:read")).stdout.trim();
    expect(await run("key:revoke", "--email", email, "--prefix", key.slice(0, 8))).toMatchObject({ exitCode: 0, stdout: "Revoked 1 key\n" });
    expect(await run("key:revoke", "--email", email, "--prefix", key.slice(0, 8))).toMatchObject({ exitCode: 1 });
  });

  it("explain bad input with an exit code and no stack trace", async () => {
    const duplicate = uniqueEmail("dup");
    expect((await run("user:create", "--email", duplicate, "--password", "long enough")).exitCode).toBe(0);
    expect(await run("user:create", "--email", duplicate.toUpperCase(), "--password", "long enough")).toEqual({ exitCode: 1, stdout: "", stderr: "/email: Duplicate value\n" });
    expect(await run("user:create", "--email", uniqueEmail("weak"), "--password", "short")).toMatchObject({ exitCode: 1, stderr: "/password: String length is smaller than minLength\n" });
    expect(await run("key:create", "--email", duplicate, "--name", "k", "--scopes", "*:*")).toMatchObject({ exitCode: 1 });
    expect((await run("user:plan", "--email", uniqueEmail("nobody"), "--plan", "pro")).stderr).toContain("No account has the email");

    const missing = await run("user:create", "--email", uniqueEmail("missing"));
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("Missing --password");
    const unknown = await run("frobnicate");
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toContain("Unknown command: frobnicate");
    expect(unknown.stderr).toContain("user:create --email");
  });
});
