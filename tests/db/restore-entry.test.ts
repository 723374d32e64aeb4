import { afterEach, describe, expect, it } from "vitest";
import type { Access } from "@/lib/access/context";
import { accessOf } from "../support/access";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createProject } from "@/lib/projects/projects";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { attachCommits, createEntry, deleteEntry, getEntry, listEntries, restoreEntry } from "@/lib/worklog/entries";
import { testBackend } from "../support/databases";
import { closeSideConnections, sideConnection, untilWaiting, type SideConnection } from "../support/side-connections";

// The worklog's Undo after a delete puts the entry back under its id (lib/worklog/entries.ts).

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `restore-${++accounts}@example.com` } });

async function deletedEntry() {
  const user = await newUser();
  const project = await createProject(await accessOf(user), { name: "Alpha", identifier: "AL" });
  const repository = await createRepository(await accessOf(user), { name: "api" });
  const commits = await recordCommits(await accessOf(user), repository.id, [
    { sha: "a".repeat(40), message: "first", committed_at: new Date("2026-11-01T10:00:00Z") },
    { sha: "b".repeat(40), message: "second", committed_at: new Date("2026-11-02T10:00:00Z") },
  ]);
  const entry = await createEntry(
    await accessOf(user),
    {
      content: "Shipped **it**",
      recorded_at: new Date("2026-11-17T09:30:00Z"),
      duration_seconds: 5400,
      tags: ["perf", "api"],
      project_id: project.id,
    },
    "mcp",
  );
  const commitIds = commits.map((commit) => commit!.id).sort();
  await attachCommits(await accessOf(user), entry.id, { commit_ids: commitIds });
  await deleteEntry(await accessOf(user), entry.id);
  const snapshot = {
    id: entry.id,
    content: entry.content,
    recorded_at: entry.recordedAt,
    duration_seconds: entry.durationSeconds,
    tags: entry.tags,
    project_id: project.id,
    source: entry.source,
    commit_ids: commitIds,
  };
  return { user, entry, snapshot, commits };
}

describe("restoring a deleted entry", () => {
  it("puts it back under its id with its fields and commits, counted again, its tombstone gone", async () => {
    const { user, entry, snapshot } = await deletedEntry();
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(0);
    const restored = await restoreEntry(await accessOf(user), snapshot);
    expect(restored).toEqual(await getEntry(await accessOf(user), entry.id));
    expect(restored.id).toBe(entry.id);
    expect(restored.source).toBe("mcp");
    expect({
      content: restored.content,
      recordedAt: restored.recordedAt,
      durationSeconds: restored.durationSeconds,
      tags: restored.tags,
      projectId: restored.projectId,
    }).toEqual({
      content: entry.content,
      recordedAt: entry.recordedAt,
      durationSeconds: entry.durationSeconds,
      tags: entry.tags,
      projectId: entry.projectId,
    });
    expect(restored.commits.map((link) => link.commitId).sort()).toEqual([...snapshot.commit_ids].sort());
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(1);
    expect(await getDb().deletedItem.count({ where: { id: entry.id } })).toBe(0);
    const { rows, meta } = await listEntries(await accessOf(user), { page: { limit: 25 } });
    expect(rows.map((row) => row.id)).toEqual([entry.id]);
    expect(meta.total_count).toBe(1);
  });

  it("twice, or at once twice, gives the same entry once", async () => {
    const { user, snapshot } = await deletedEntry();
    await Promise.all([restoreEntry(await accessOf(user), snapshot), restoreEntry(await accessOf(user), snapshot)]);
    const again = await restoreEntry(await accessOf(user), { ...snapshot, content: "changed meanwhile" });
    expect(again.content).toBe("Shipped **it**");
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(1);
    expect((await getEntry(await accessOf(user), snapshot.id)).commits).toHaveLength(2);
  });

  it("leaves out commits deleted since", async () => {
    const { user, snapshot, commits } = await deletedEntry();
    await getDb().commit.delete({ where: { id: commits[0]!.id } });
    const restored = await restoreEntry(await accessOf(user), snapshot);
    expect(restored.commits.map((link) => link.commitId)).toEqual([commits[1]!.id]);
  });

  it("refuses a project deleted since, and keeps the entry deleted", async () => {
    const { user, snapshot } = await deletedEntry();
    await getDb().project.delete({ where: { id: snapshot.project_id } });
    await expect(restoreEntry(await accessOf(user), snapshot)).rejects.toMatchObject({ kind: "validation", issues: [{ pointer: "/project_id" }] });
    expect(await getDb().deletedItem.count({ where: { id: snapshot.id } })).toBe(1);
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(0);
    const detached = await restoreEntry(await accessOf(user), { ...snapshot, project_id: null });
    expect(detached).toMatchObject({ id: snapshot.id, projectId: null, project: null });
  });

  it("is not found for another account's entry, deleted or not, or an unknown id", async () => {
    const { user, snapshot } = await deletedEntry();
    const stranger = await newUser();
    const strangers = { ...snapshot, project_id: null, commit_ids: [] };
    await expect(restoreEntry(await accessOf(stranger), strangers)).rejects.toMatchObject({ kind: "not_found" } satisfies Partial<AppError>);
    await expect(restoreEntry(await accessOf(stranger), { ...strangers, id: "0190d8a4-0000-7000-8000-000000000000" })).rejects.toMatchObject({
      kind: "not_found",
    });
    const live = await createEntry(await accessOf(user), { content: "still here" }, "api");
    await expect(restoreEntry(await accessOf(stranger), { ...strangers, id: live.id })).rejects.toMatchObject({ kind: "not_found" });
    expect(await accountTotal(await accessOf(stranger), "entryCount")).toBe(0);
  });
});

// Restores of one deleted entry at once (a double click on Undo, two tabs, a retry) in the orders
// that chance rarely gives: another restore, on a side connection, commits or rolls back while
// the app's restore waits on it. PostgreSQL only: PGlite is one connection, on which requests
// take turns.

type Snapshot = Awaited<ReturnType<typeof deletedEntry>>["snapshot"];

/** What a restore writes, on the side connection, in its open transaction: the tombstone gone, the entry back with its commits. */
async function restoreOnTheSide(side: SideConnection, userId: string, snapshot: Snapshot) {
  await side.query("DELETE FROM deleted_items WHERE id = $1::uuid", [snapshot.id]);
  await side.query(
    `INSERT INTO worklog_entries (id, workspace_id, user_id, project_id, content, recorded_at, duration_seconds, tags, source, updated_at)
    VALUES ($1, (SELECT workspace_id FROM memberships WHERE user_id = $2::uuid AND role = 'owner'), $2, $3, $4, $5, $6, $7, $8, CURRENT_TIMESTAMP)`,
    [snapshot.id, userId, snapshot.project_id, snapshot.content, snapshot.recorded_at, snapshot.duration_seconds, snapshot.tags, snapshot.source],
  );
  await side.query("INSERT INTO worklog_entry_commits (entry_id, commit_id) SELECT $1, unnest($2::uuid[])", [snapshot.id, snapshot.commit_ids]);
}

/** The entry is back once: counted once, its tombstone gone, its commits attached once, and the answer is what a read gives. */
async function expectRestoredOnce(access: Access, snapshot: Snapshot, answer: Awaited<ReturnType<typeof restoreEntry>>) {
  expect(answer).toEqual(await getEntry(access, snapshot.id));
  expect(answer).toMatchObject({ id: snapshot.id, content: snapshot.content, projectId: snapshot.project_id, source: snapshot.source });
  expect(answer.commits.map((link) => link.commitId)).toEqual(snapshot.commit_ids);
  expect(await accountTotal(access, "entryCount")).toBe(1);
  expect(await getDb().worklogEntry.count({ where: { userId: access.user.id } })).toBe(1);
  expect(await getDb().deletedItem.count({ where: { id: snapshot.id } })).toBe(0);
  expect(await getDb().worklogEntryCommit.count({ where: { entryId: snapshot.id } })).toBe(snapshot.commit_ids.length);
}

describe.runIf(testBackend() === "postgres")("restores of one deleted entry at once, in a forced order", () => {
  afterEach(closeSideConnections);

  // Every statement that reads or writes tombstones waits until the other restore has ended.
  it.each(["COMMIT", "ROLLBACK"])("answers the entry when another restore ends (%s) while this one is held back at the tombstones", async (end) => {
    const { user, snapshot } = await deletedEntry();
    const [other, observer] = [await sideConnection(), await sideConnection()];
    await other.query("BEGIN");
    await restoreOnTheSide(other, user.id, snapshot);
    await other.query("LOCK TABLE deleted_items IN ACCESS EXCLUSIVE MODE");
    const restoring = restoreEntry(await accessOf(user), snapshot);
    await untilWaiting(observer, 1);
    await other.query(end);
    await expectRestoredOnce(await accessOf(user), snapshot, await restoring);
  });

  it("answers the entry when another restore that holds the tombstone's row commits", async () => {
    const { user, snapshot } = await deletedEntry();
    const [other, observer] = [await sideConnection(), await sideConnection()];
    await other.query("BEGIN");
    await restoreOnTheSide(other, user.id, snapshot);
    const restoring = restoreEntry(await accessOf(user), snapshot);
    await untilWaiting(observer, 1);
    await other.query("COMMIT");
    await expectRestoredOnce(await accessOf(user), snapshot, await restoring);
  });
});
