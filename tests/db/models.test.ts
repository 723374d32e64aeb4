import { describe, expect, it } from "vitest";
import { personalRow } from "../support/access";
import { getDb } from "@/lib/db/client";
import { isUuid } from "@/lib/db/ids";

describe("every model", () => {
  it("stores and reads back one row of each, with application-made UUIDv7 ids", async () => {
    const db = getDb();
    const user = await db.user.create({ data: { email: "models@example.com", name: "Models", timezone: "Europe/Paris" } });
    const account = await db.account.create({
      data: { userId: user.id, type: "oauth", provider: "github", providerAccountId: "42" },
    });
    const apiKey = await db.apiKey.create({
      data: { ...(await personalRow(user)), name: "ci", prefix: "wl_abcde", hashedKey: "f".repeat(64), scopes: ["project:read", "worklog:*"] },
    });
    const project = await db.project.create({ data: { ...(await personalRow(user)), name: "Website", identifier: "WEB" } });
    const repository = await db.repository.create({ data: { ...(await personalRow(user)), projectId: project.id, name: "website" } });
    const commit = await db.commit.create({
      data: {
        ...(await personalRow(user)),
        repositoryId: repository.id,
        sha: "a".repeat(40),
        message: "Initial commit",
        committedAt: new Date("2026-01-02T03:04:05.678Z"),
      },
    });
    const entry = await db.worklogEntry.create({
      data: { ...(await personalRow(user)), projectId: project.id, content: "Wrote **docs**", recordedAt: new Date(), tags: ["docs", "web"] },
    });
    await db.worklogEntryCommit.create({ data: { entryId: entry.id, commitId: commit.id } });
    const recap = await db.recap.create({
      data: { ...(await personalRow(user)), filters: { tags: ["docs"] }, filtersKey: "k", metadata: { entry_count: 1 } },
    });
    const client = await db.oAuthClient.create({ data: { id: "test-client", name: "Test", accessTokenTtlSeconds: 3600 } });
    const grant = await db.deviceGrant.create({
      data: { clientId: client.id, deviceCodeHash: "d".repeat(64), userCode: "BCDFGHJK", scopes: ["user:read"], expiresAt: new Date(Date.now() + 600_000) },
    });
    const token = await db.oAuthToken.create({
      data: {
        ...(await personalRow(user)),
        clientId: client.id,
        accessTokenHash: "1".repeat(64),
        refreshTokenHash: "2".repeat(64),
        scopes: ["user:read"],
        accessExpiresAt: new Date(Date.now() + 3_600_000),
      },
    });

    for (const row of [user, account, apiKey, project, repository, commit, entry, recap, grant, token]) {
      expect(isUuid(row.id)).toBe(true);
      expect(row.id[14]).toBe("7");
    }

    const stored = await db.user.findUniqueOrThrow({
      where: { id: user.id },
      include: {
        accounts: true,
        apiKeys: true,
        recaps: true,
        oauthTokens: { include: { client: true } },
      },
    });
    expect(stored).toMatchObject({ email: "models@example.com", timezone: "Europe/Paris", plan: "pro" });
    // A project's and an entry's user_id have no foreign key (their workspace keeps them): read by it.
    const projects = await db.project.findMany({
      where: { userId: user.id },
      include: { repositories: { include: { commits: { include: { entries: true } } } } },
    });
    const entries = await db.worklogEntry.findMany({ where: { userId: user.id }, include: { commits: true, project: true } });
    expect(stored.accounts[0]).toMatchObject({ provider: "github", providerAccountId: "42" });
    expect(stored.apiKeys[0]?.scopes).toEqual(["project:read", "worklog:*"]);
    expect(projects[0]?.repositories[0]?.commits[0]).toMatchObject({
      sha: "a".repeat(40),
      committedAt: new Date("2026-01-02T03:04:05.678Z"),
      entries: [{ entryId: entry.id, commitId: commit.id }],
    });
    expect(entries[0]).toMatchObject({ content: "Wrote **docs**", tags: ["docs", "web"], project: { identifier: "WEB" } });
    expect(stored.recaps[0]).toMatchObject({ status: "processing", content: null, filters: { tags: ["docs"] } });
    expect(stored.oauthTokens[0]?.client.name).toBe("Test");
    expect(await db.deviceGrant.findUniqueOrThrow({ where: { userCode: "BCDFGHJK" } })).toMatchObject({ status: "pending" });
  });

  it("seeds the stock command-line client", async () => {
    expect(await getDb().oAuthClient.findUnique({ where: { id: "90w0AXnlNgnh2XBJdexYjw" } })).toMatchObject({
      name: "Accomplish CLI",
      redirectUri: "http://127.0.0.1:8000/callback",
      accessTokenTtlSeconds: 90 * 24 * 3600,
    });
  });

  it("enforces the unique constraints of the contract", async () => {
    const db = getDb();
    const user = await db.user.create({ data: { email: "unique@example.com" } });
    await db.project.create({ data: { ...(await personalRow(user)), name: "One", identifier: "ONE" } });
    await expect(db.project.create({ data: { ...(await personalRow(user)), name: "Two", identifier: "ONE" } })).rejects.toMatchObject({ code: "P2002" });
    await db.repository.create({ data: { ...(await personalRow(user)), name: "repo" } });
    await expect(db.repository.create({ data: { ...(await personalRow(user)), name: "repo" } })).rejects.toMatchObject({ code: "P2002" });
    await expect(db.user.create({ data: { email: "unique@example.com" } })).rejects.toMatchObject({ code: "P2002" });

    const other = await db.user.create({ data: { email: "other@example.com" } });
    await expect(db.project.create({ data: { ...(await personalRow(other)), name: "One", identifier: "ONE" } })).resolves.toBeTruthy();
  });

  it("deletes everything an account owns with the account, and detaches rows from a deleted project", async () => {
    const db = getDb();
    const user = await db.user.create({ data: { email: "cascade@example.com" } });
    const project = await db.project.create({ data: { ...(await personalRow(user)), name: "P", identifier: "P" } });
    const repository = await db.repository.create({ data: { ...(await personalRow(user)), projectId: project.id, name: "r" } });
    const entry = await db.worklogEntry.create({ data: { ...(await personalRow(user)), projectId: project.id, content: "x", recordedAt: new Date() } });

    await db.project.delete({ where: { id: project.id } });
    expect(await db.repository.findUniqueOrThrow({ where: { id: repository.id } })).toMatchObject({ projectId: null });
    expect(await db.worklogEntry.findUniqueOrThrow({ where: { id: entry.id } })).toMatchObject({ projectId: null });

    await db.user.delete({ where: { id: user.id } });
    expect(await db.repository.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.worklogEntry.count({ where: { userId: user.id } })).toBe(0);
  });

  it("orders ids made in the same millisecond by creation", async () => {
    const db = getDb();
    const user = await db.user.create({ data: { email: "order@example.com" } });
    const created = [];
    for (let i = 0; i < 50; i++)
      created.push((await db.worklogEntry.create({ data: { ...(await personalRow(user)), content: `${i}`, recordedAt: new Date() } })).id);
    const newestFirst = await db.worklogEntry.findMany({ where: { userId: user.id }, orderBy: { id: "desc" }, select: { id: true } });
    expect(newestFirst.map((row) => row.id)).toEqual([...created].reverse());
  });
});
