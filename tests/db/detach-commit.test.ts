import { describe, expect, it } from "vitest";
import { accessFor, type Access } from "@/lib/access/context";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { listCommits, recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { attachCommits, createEntry, deleteEntry, detachCommit, getEntry, updateEntry } from "@/lib/worklog/entries";

let accounts = 0;

/** An account with a repository of three commits and an entry they are all attached to. */
async function accountWithAttachments() {
  const user = await getDb().user.create({ data: { email: `detach-${++accounts}@example.com` } });
  const repository = await createRepository(accessFor(user), { name: "engine" });
  const commits = await recordCommits(
    accessFor(user),
    repository.id,
    ["a", "b", "c"].map((digit, index) => ({ sha: digit.repeat(40), message: `commit ${digit}`, committed_at: new Date(Date.UTC(2026, 10, 1, index)) })),
  );
  const commitIds = commits.map((commit) => commit.id);
  const entry = await createEntry(accessFor(user), { content: "Shipped the engine" }, "api");
  await attachCommits(accessFor(user), entry.id, { commit_ids: commitIds });
  return { user, repository, commitIds, entry: await getEntry(accessFor(user), entry.id) };
}

const counters = (userId: string) => getDb().accountCounters.findUniqueOrThrow({ where: { userId } });
const attachedIds = async (access: Access, entryId: string) => (await getEntry(access, entryId)).commits.map((link) => link.commitId);

describe("detachCommit", () => {
  it("detaches one commit, keeps the others and the commit itself, and makes it a change of the entry", async () => {
    const { user, repository, commitIds, entry } = await accountWithAttachments();
    const before = await counters(user.id);
    const detached = await detachCommit(accessFor(user), entry.id, commitIds[1]!);
    expect(detached.commits.map((link) => link.commitId)).toEqual([commitIds[0], commitIds[2]].sort());
    expect(await attachedIds(accessFor(user), entry.id)).toEqual([commitIds[0], commitIds[2]].sort());
    expect(detached.updatedAt.getTime()).toBeGreaterThan(entry.updatedAt.getTime());
    expect(detached).toMatchObject({ content: entry.content, recordedAt: entry.recordedAt, insertedAt: entry.insertedAt });
    // The commit stays in its repository; the counters count no attachment, and the sequence moves on.
    expect((await listCommits(accessFor(user), repository.id, { limit: 25 })).meta.total_count).toBe(3);
    const after = await counters(user.id);
    expect(after.changeSeq).toBeGreaterThan(before.changeSeq);
    expect(after).toMatchObject({ entryCount: before.entryCount, repositoryCount: before.repositoryCount, projectCount: before.projectCount });
    expect(await accountTotal(accessFor(user), "entryCount")).toBe(await getDb().worklogEntry.count({ where: { userId: user.id } }));
  });

  it("changes nothing when the commit is not attached (any more)", async () => {
    const { user, commitIds, entry } = await accountWithAttachments();
    const once = await detachCommit(accessFor(user), entry.id, commitIds[0]!);
    const sequence = (await counters(user.id)).changeSeq;
    const again = await detachCommit(accessFor(user), entry.id, commitIds[0]!);
    expect(again).toEqual(once);
    expect((await counters(user.id)).changeSeq).toBe(sequence);
  });

  it("finds no entry or commit of another account, or none, and changes nothing of either account", async () => {
    const mine = await accountWithAttachments();
    const theirs = await accountWithAttachments();
    const notFound = { kind: "not_found" } satisfies Partial<AppError>;
    const sequences = [(await counters(mine.user.id)).changeSeq, (await counters(theirs.user.id)).changeSeq];
    // Their entry with their commit, their entry with mine, my entry with theirs.
    await expect(detachCommit(accessFor(mine.user), theirs.entry.id, theirs.commitIds[0]!)).rejects.toMatchObject(notFound);
    await expect(detachCommit(accessFor(mine.user), theirs.entry.id, mine.commitIds[0]!)).rejects.toMatchObject(notFound);
    await expect(detachCommit(accessFor(mine.user), mine.entry.id, theirs.commitIds[0]!)).rejects.toMatchObject(notFound);
    await expect(detachCommit(accessFor(mine.user), crypto.randomUUID(), mine.commitIds[0]!)).rejects.toMatchObject(notFound);
    await expect(detachCommit(accessFor(mine.user), mine.entry.id, crypto.randomUUID())).rejects.toMatchObject(notFound);
    expect(await attachedIds(accessFor(mine.user), mine.entry.id)).toEqual([...mine.commitIds].sort());
    expect(await attachedIds(accessFor(theirs.user), theirs.entry.id)).toEqual([...theirs.commitIds].sort());
    expect(await getEntry(accessFor(mine.user), mine.entry.id)).toEqual(mine.entry);
    expect([(await counters(mine.user.id)).changeSeq, (await counters(theirs.user.id)).changeSeq]).toEqual(sequences);
  });

  it("queues with attachments, edits and the entry's deletion that race on the entry, without a deadlock", async () => {
    const { user, commitIds } = await accountWithAttachments();
    for (let round = 0; round < 15; round++) {
      const entry = await createEntry(accessFor(user), { content: `round ${round}` }, "api");
      await attachCommits(accessFor(user), entry.id, { commit_ids: commitIds.slice(0, 2) });
      const outcomes = await Promise.allSettled([
        detachCommit(accessFor(user), entry.id, commitIds[0]!),
        detachCommit(accessFor(user), entry.id, commitIds[1]!),
        attachCommits(accessFor(user), entry.id, { commit_ids: [commitIds[2]!] }),
        updateEntry(accessFor(user), entry.id, { duration_seconds: 60 }),
        ...(round % 3 === 2 ? [deleteEntry(accessFor(user), entry.id)] : []),
      ]);
      // A write that lost to the deletion is a 404; any other failure (a deadlock's) is a fault.
      const faults = outcomes.flatMap((outcome) =>
        outcome.status === "rejected" && !(outcome.reason instanceof AppError && outcome.reason.kind === "not_found") ? [String(outcome.reason)] : [],
      );
      expect(faults, `round ${round}`).toEqual([]);
      if (round % 3 !== 2) expect(await attachedIds(accessFor(user), entry.id), `round ${round}`).toEqual([commitIds[2]]);
    }
    expect(await accountTotal(accessFor(user), "entryCount")).toBe(await getDb().worklogEntry.count({ where: { userId: user.id } }));
  });
});
