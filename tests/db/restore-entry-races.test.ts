import { afterEach, describe, expect, it } from "vitest";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { createProject } from "@/lib/projects/projects";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { attachCommits, createEntry, deleteEntry, getEntry, restoreEntry } from "@/lib/worklog/entries";
import { testBackend } from "../support/databases";
import { closeSideConnections, sideConnection, untilWaiting, type SideConnection } from "../support/side-connections";

// Restores of one deleted entry at once (a double click on Undo, two tabs, a retry) in the orders
// that chance rarely gives: another restore, on a side connection, commits or rolls back while
// the app's restore waits on it (lib/worklog/entries.ts, restoreEntry). PostgreSQL only: PGlite
// is one connection, on which requests take turns.

let accounts = 0;

async function deletedEntry() {
  const user = await getDb().user.create({ data: { email: `restore-race-${++accounts}@example.com` } });
  const project = await createProject(user.id, { name: "Alpha", identifier: "AL" });
  const repository = await createRepository(user.id, { name: "api" });
  const commits = await recordCommits(user.id, repository.id, [
    { sha: "a".repeat(40), message: "first", committed_at: new Date("2026-11-01T10:00:00Z") },
    { sha: "b".repeat(40), message: "second", committed_at: new Date("2026-11-02T10:00:00Z") },
  ]);
  const commitIds = commits.map((commit) => commit.id).sort();
  const entry = await createEntry(user.id, { content: "Shipped **it**", recorded_at: new Date("2026-11-17T09:30:00Z"), duration_seconds: 5400, tags: ["perf"], project_id: project.id }, "mcp");
  await attachCommits(user.id, entry.id, { commit_ids: commitIds });
  await deleteEntry(user.id, entry.id);
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
  return { user, snapshot, commitIds };
}

type Snapshot = Awaited<ReturnType<typeof deletedEntry>>["snapshot"];

/** What a restore writes, on the side connection, in its open transaction: the tombstone gone, the entry back with its commits. */
async function restoreOnTheSide(side: SideConnection, userId: string, snapshot: Snapshot) {
  await side.query("DELETE FROM deleted_items WHERE id = $1::uuid", [snapshot.id]);
  await side.query(
    `INSERT INTO worklog_entries (id, user_id, project_id, content, recorded_at, duration_seconds, tags, source, updated_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CURRENT_TIMESTAMP)`,
    [snapshot.id, userId, snapshot.project_id, snapshot.content, snapshot.recorded_at, snapshot.duration_seconds, snapshot.tags, snapshot.source],
  );
  await side.query("INSERT INTO worklog_entry_commits (entry_id, commit_id) SELECT $1, unnest($2::uuid[])", [snapshot.id, snapshot.commit_ids]);
}

/** The entry is back once: counted once, its tombstone gone, its commits attached once, and the answer is what a read gives. */
async function expectRestoredOnce(userId: string, snapshot: Snapshot, answer: Awaited<ReturnType<typeof restoreEntry>>) {
  expect(answer).toEqual(await getEntry(userId, snapshot.id));
  expect(answer).toMatchObject({ id: snapshot.id, content: snapshot.content, projectId: snapshot.project_id, source: snapshot.source });
  expect(answer.commits.map((link) => link.commitId)).toEqual(snapshot.commit_ids);
  expect(await accountTotal(userId, "entryCount")).toBe(1);
  expect(await getDb().worklogEntry.count({ where: { userId } })).toBe(1);
  expect(await getDb().deletedItem.count({ where: { id: snapshot.id } })).toBe(0);
  expect(await getDb().worklogEntryCommit.count({ where: { entryId: snapshot.id } })).toBe(snapshot.commit_ids.length);
}

describe.runIf(testBackend() === "postgres")("restores of one deleted entry at once, in a forced order", () => {
  afterEach(closeSideConnections);

  it("answers the entry when another restore commits while this one is held back at the tombstone", async () => {
    const { user, snapshot } = await deletedEntry();
    const [other, observer] = [await sideConnection(), await sideConnection()];
    await other.query("BEGIN");
    await restoreOnTheSide(other, user.id, snapshot);
    // Every statement that reads or writes tombstones waits until the other restore has committed.
    await other.query("LOCK TABLE deleted_items IN ACCESS EXCLUSIVE MODE");
    const restoring = restoreEntry(user.id, snapshot);
    await untilWaiting(observer, 1);
    await other.query("COMMIT");
    await expectRestoredOnce(user.id, snapshot, await restoring);
  });

  it("answers the entry when another restore that holds the tombstone's row commits", async () => {
    const { user, snapshot } = await deletedEntry();
    const [other, observer] = [await sideConnection(), await sideConnection()];
    await other.query("BEGIN");
    await restoreOnTheSide(other, user.id, snapshot);
    const restoring = restoreEntry(user.id, snapshot);
    await untilWaiting(observer, 1);
    await other.query("COMMIT");
    await expectRestoredOnce(user.id, snapshot, await restoring);
  });

  it("restores the entry itself when another restore that held the tombstone rolls back", async () => {
    const { user, snapshot } = await deletedEntry();
    const [other, observer] = [await sideConnection(), await sideConnection()];
    await other.query("BEGIN");
    await restoreOnTheSide(other, user.id, snapshot);
    await other.query("LOCK TABLE deleted_items IN ACCESS EXCLUSIVE MODE");
    const restoring = restoreEntry(user.id, snapshot);
    await untilWaiting(observer, 1);
    await other.query("ROLLBACK");
    await expectRestoredOnce(user.id, snapshot, await restoring);
  });
});
