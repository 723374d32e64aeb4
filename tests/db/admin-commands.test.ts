import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runAdminCommand } from "@/lib/admin/commands";
import { getConfig } from "@/lib/config";
import { disconnectDb, getDb } from "@/lib/db/client";
import { closeConnection } from "@/lib/db/connection";
import { testBackend } from "../support/databases";

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

  it("create a team's workspace, add members with a role, and make keys bound to it", async () => {
    const owner = uniqueEmail("owner");
    const member = uniqueEmail("member");
    await run("user:create", "--email", owner, "--password", "long enough");
    await run("user:create", "--email", member, "--password", "long enough");
    const name = `Team ${randomUUID().slice(0, 8)}`;
    const created = await run("workspace:create", "--email", owner, "--name", name);
    expect(created).toMatchObject({ exitCode: 0, stderr: "" });
    const slug = created.stdout.trim();
    expect(slug).toMatch(/^team-[0-9a-f]{8}(-\d+)?$/);
    const workspace = await getDb().workspace.findUniqueOrThrow({ where: { slug }, include: { memberships: { include: { user: true } } } });
    expect(workspace.name).toBe(name);
    expect(workspace.memberships.map((membership) => [membership.user.email, membership.role])).toEqual([[owner, "owner"]]);

    expect(await run("member:add", "--workspace", slug, "--email", member, "--role", "viewer")).toEqual({
      exitCode: 0,
      stdout: `${member} is now viewer of ${slug}\n`,
      stderr: "",
    });
    expect(await run("member:add", "--workspace", slug, "--email", member, "--role", "admin")).toMatchObject({
      exitCode: 1,
      stderr: "/email: Duplicate value\n",
    });
    expect((await run("member:add", "--workspace", slug, "--email", owner, "--role", "owner")).exitCode).toBe(1);
    expect((await run("member:add", "--workspace", "no-such-workspace", "--email", member, "--role", "member")).stderr).toContain("No workspace with slug");

    const key = (await run("key:create", "--email", member, "--name", "k", "--scopes", "workspace:read", "--workspace", slug)).stdout.trim();
    const personal = (await run("key:create", "--email", member, "--name", "k", "--scopes", "workspace:read")).stdout.trim();
    const { createHash } = await import("node:crypto");
    const workspaceOf = async (plain: string) =>
      (await getDb().apiKey.findFirstOrThrow({ where: { hashedKey: createHash("sha256").update(plain).digest("hex") } })).workspaceId;
    expect(await workspaceOf(key)).toBe(workspace.id);
    expect(await workspaceOf(personal)).not.toBe(workspace.id);
    const outsider = uniqueEmail("outsider");
    await run("user:create", "--email", outsider, "--password", "long enough");
    expect(await run("key:create", "--email", outsider, "--name", "k", "--scopes", "user:read", "--workspace", slug)).toMatchObject({ exitCode: 1 });
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
    expect(await run("user:create", "--email", duplicate.toUpperCase(), "--password", "long enough")).toEqual({
      exitCode: 1,
      stdout: "",
      stderr: "/email: Duplicate value\n",
    });
    expect(await run("user:create", "--email", uniqueEmail("weak"), "--password", "short")).toMatchObject({
      exitCode: 1,
      stderr: "/password: String length is smaller than minLength\n",
    });
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

describe.runIf(testBackend() === "pglite")("db:backup and db:restore", () => {
  it("write the embedded database to a file while it is open, and put it back once no one has it open", async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), "worklog-backup-"));
    try {
      const kept = uniqueEmail("kept");
      expect((await run("user:create", "--email", kept, "--password", "long enough")).exitCode).toBe(0);
      const file = path.join(folder, "worklog.tar.gz");
      // This process has the database open, as a server has: the backup is taken from it.
      const backup = await run("db:backup", file);
      expect(backup).toMatchObject({ exitCode: 0, stderr: "" });
      expect(backup.stdout).toContain(`to ${file}`);
      expect(await run("db:backup", file)).toMatchObject({ exitCode: 1, stderr: `${file} exists already: name a new file.\n` });
      const later = uniqueEmail("later");
      expect((await run("user:create", "--email", later, "--password", "long enough")).exitCode).toBe(0);

      const refused = await run("db:restore", file);
      expect(refused.exitCode).toBe(1);
      expect(refused.stderr).toMatch(/is open in this server \(process \d+\): stop it first/);

      await disconnectDb();
      await closeConnection();
      const dataDir = (getConfig().database as { dataDir: string }).dataDir;
      // Another live process holding the lock (this one's parent stands in for a server).
      await writeFile(`${dataDir}.lock`, String(process.ppid));
      expect((await run("db:restore", file)).stderr).toContain(`is in use by process ${process.ppid} (a running Worklog server): stop it first`);
      await rm(`${dataDir}.lock`);

      const notABackup = path.join(folder, "not-a-backup.tar.gz");
      await writeFile(notABackup, "nothing of a database");
      expect((await run("db:restore", notABackup)).stderr).toContain("is not a backup of Worklog's embedded database");
      expect((await run("db:restore", path.join(folder, "missing.tar.gz"))).stderr).toContain("Cannot read");
      // Nothing was changed by the refusals: the database has both accounts.
      expect(await getDb().user.count({ where: { email: { in: [kept, later] } } })).toBe(2);
      await disconnectDb();
      await closeConnection();

      const restored = await run("db:restore", file);
      expect(restored).toMatchObject({ exitCode: 0, stderr: "" });
      expect(restored.stdout).toMatch(/^Restored the embedded database in .* from .*\. The one it replaced is in .*before-restore-/);
      expect(await getDb().user.findMany({ where: { email: { in: [kept, later] } }, select: { email: true } })).toEqual([{ email: kept }]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("need a file, and are for the embedded database only", async () => {
    expect(await run("db:backup")).toMatchObject({ exitCode: 2, stderr: expect.stringContaining("Missing <file>") });
    expect(await run("db:restore", "a", "b")).toMatchObject({ exitCode: 2, stderr: expect.stringContaining("Unexpected argument 'b'") });
  });
});

describe.runIf(testBackend() === "postgres")("db:backup and db:restore on PostgreSQL", () => {
  it("point to pg_dump", async () => {
    for (const command of ["db:backup", "db:restore"]) {
      expect(await run(command, "/tmp/unused.tar.gz")).toEqual({
        exitCode: 1,
        stdout: "",
        stderr: `${command} is for the embedded database; on PostgreSQL use pg_dump and pg_restore.\n`,
      });
    }
  });
});
