import { afterEach, describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository, deleteRepository } from "@/lib/repositories/repositories";
import { attachCommits, createEntry, deleteEntry, detachCommit, getEntry } from "@/lib/worklog/entries";
import { testBackend } from "../support/databases";
import { closeSideConnections, sideConnection, untilWaiting } from "../support/side-connections";

// A change of an entry's commits while the repository of those commits is deleted. The deletion
// locks the repository's commits, then the attachments it removes, then their entries (whose
// updated_at the attachments' trigger moves on); a change of attachments that held the entry
// while waiting for one of those commits or attachments would wait in a circle, a deadlock, which
// PostgreSQL breaks after a second by failing one of the two. A side connection holds the
// attachments until both requests wait, the deletion first, and then lets them go.
// PostgreSQL only: PGlite is one connection, on which requests take turns.

let accounts = 0;

/** A repository of two commits, and an entry with the first (or both) attached. */
async function entryWithCommits(attached: 1 | 2) {
  const user = await getDb().user.create({ data: { email: `attachment-race-${++accounts}@example.com` } });
  const repository = await createRepository(await accessOf(user), { name: "engine" });
  const commits = await recordCommits(
    await accessOf(user),
    repository.id,
    ["a", "b"].map((digit, index) => ({ sha: digit.repeat(40), message: `commit ${digit}`, committed_at: new Date(Date.UTC(2026, 10, 1, index)) })),
  );
  const commitIds = commits.map((commit) => commit.id);
  const entry = await createEntry(await accessOf(user), { content: "Shipped the engine" }, "api");
  await attachCommits(await accessOf(user), entry.id, { commit_ids: commitIds.slice(0, attached) });
  return { user, repository, commitIds, entry };
}

const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => "fulfilled",
    (error: unknown) => error,
  );

/** The outcome of a change of attachments that lost to the deletion: any answer but a fault (a deadlock's). */
function expectAnswered(outcome: unknown, allowed: AppError["kind"]) {
  if (outcome === "fulfilled") return;
  expect(outcome, String(outcome)).toBeInstanceOf(AppError);
  expect((outcome as AppError).kind).toBe(allowed);
}

describe.runIf(testBackend() === "postgres")("attachments changed while their repository is deleted, in a forced order", () => {
  afterEach(closeSideConnections);

  it("attaching a commit queues behind the deletion of its repository instead of deadlocking with it", async () => {
    const { user, repository, commitIds, entry } = await entryWithCommits(1);
    const [holder, observer] = [await sideConnection(), await sideConnection()];
    await holder.query("BEGIN");
    await holder.query("LOCK TABLE worklog_entry_commits IN ACCESS EXCLUSIVE MODE");
    const deleting = settled(deleteRepository(await accessOf(user), repository.id));
    await untilWaiting(observer, 1);
    const attaching = settled(attachCommits(await accessOf(user), entry.id, { commit_ids: [commitIds[1]!] }));
    await untilWaiting(observer, 2);
    await holder.query("COMMIT");
    expect(await deleting).toBe("fulfilled");
    // The commit went with its repository: the attachment names a commit that no longer exists.
    expectAnswered(await attaching, "validation");
    expect((await getEntry(await accessOf(user), entry.id)).commits).toEqual([]);
    expect(await getDb().commit.count({ where: { userId: user.id } })).toBe(0);
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(1);
  });

  it("detaching a commit queues behind the deletion of its repository instead of deadlocking with it", async () => {
    const { user, repository, commitIds, entry } = await entryWithCommits(2);
    const [holder, observer] = [await sideConnection(), await sideConnection()];
    await holder.query("BEGIN");
    await holder.query("SELECT FROM worklog_entry_commits WHERE entry_id = $1::uuid AND commit_id = $2::uuid FOR UPDATE", [entry.id, commitIds[0]]);
    const deleting = settled(deleteRepository(await accessOf(user), repository.id));
    await untilWaiting(observer, 1);
    const detaching = settled(detachCommit(await accessOf(user), entry.id, commitIds[0]!));
    await untilWaiting(observer, 2);
    await holder.query("COMMIT");
    expect(await deleting).toBe("fulfilled");
    expectAnswered(await detaching, "not_found");
    expect((await getEntry(await accessOf(user), entry.id)).commits).toEqual([]);
  });

  it("deleting an entry queues behind the deletion of the repository of its commits instead of deadlocking with it", async () => {
    const { user, repository, commitIds, entry } = await entryWithCommits(2);
    const [holder, observer] = [await sideConnection(), await sideConnection()];
    await holder.query("BEGIN");
    await holder.query("SELECT FROM worklog_entry_commits WHERE entry_id = $1::uuid AND commit_id = $2::uuid FOR UPDATE", [entry.id, commitIds[0]]);
    const deletingRepository = settled(deleteRepository(await accessOf(user), repository.id));
    await untilWaiting(observer, 1);
    const deletingEntry = settled(deleteEntry(await accessOf(user), entry.id));
    await untilWaiting(observer, 2);
    await holder.query("COMMIT");
    expect(await deletingRepository).toBe("fulfilled");
    expect(await deletingEntry).toBe("fulfilled");
    expect(await getDb().worklogEntry.count({ where: { userId: user.id } })).toBe(0);
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(0);
  });
});
