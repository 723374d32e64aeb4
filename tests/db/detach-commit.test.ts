import { describe, expect, it } from "vitest";
import type { Access } from "@/lib/access/context";
import { accessOf } from "../support/access";
import { personalWorkspaceId } from "@/lib/access/memberships";
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
  const repository = await createRepository(await accessOf(user), { name: "engine" });
  const commits = await recordCommits(
    await accessOf(user),
    repository.id,
    ["a", "b", "c"].map((digit, index) => ({ sha: digit.repeat(40), message: `commit ${digit}`, committed_at: new Date(Date.UTC(2026, 10, 1, index)) })),
  );
  const commitIds = commits.map((commit) => commit.id);
  const entry = await createEntry(await accessOf(user), { content: "Shipped the engine" }, "api");
  await attachCommits(await accessOf(user), entry.id, { commit_ids: commitIds });
  return { user, repository, commitIds, entry: await getEntry(await accessOf(user), entry.id) };
}

const counters = async (userId: string) => getDb().accountCounters.findUniqueOrThrow({ where: { workspaceId: await personalWorkspaceId(userId) } });
const attachedIds = async (access: Access, entryId: string) => (await getEntry(access, entryId)).commits.map((link) => link.commitId);

describe("detachCommit", () => {
  it("detaches one commit, keeps the others and the commit itself, and makes it a change of the entry", async () => {
    const { user, repository, commitIds, entry } = await accountWithAttachments();
    const before = await counters(user.id);
    const detached = await detachCommit(await accessOf(user), entry.id, commitIds[1]!);
    expect(detached.commits.map((link) => link.commitId)).toEqual([commitIds[0], commitIds[2]].sort());
    expect(await attachedIds(await accessOf(user), entry.id)).toEqual([commitIds[0], commitIds[2]].sort());
    expect(detached.updatedAt.getTime()).toBeGreaterThan(entry.updatedAt.getTime());
    expect(detached).toMatchObject({ content: entry.content, recordedAt: entry.recordedAt, insertedAt: entry.insertedAt });
    // The commit stays in its repository; the counters count no attachment, and the sequence moves on.
    expect((await listCommits(await accessOf(user), repository.id, { limit: 25 })).meta.total_count).toBe(3);
    const after = await counters(user.id);
    expect(after.changeSeq).toBeGreaterThan(before.changeSeq);
    expect(after).toMatchObject({ entryCount: before.entryCount, repositoryCount: before.repositoryCount, projectCount: before.projectCount });
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(await getDb().worklogEntry.count({ where: { userId: user.id } }));
  });

  it("changes nothing when the commit is not attached (any more)", async () => {
    const { user, commitIds, entry } = await accountWithAttachments();
    const once = await detachCommit(await accessOf(user), entry.id, commitIds[0]!);
    const sequence = (await counters(user.id)).changeSeq;
    const again = await detachCommit(await accessOf(user), entry.id, commitIds[0]!);
    expect(again).toEqual(once);
    expect((await counters(user.id)).changeSeq).toBe(sequence);
  });

  it("finds no entry or commit of another account, or none, and changes nothing of either account", async () => {
    const mine = await accountWithAttachments();
    const theirs = await accountWithAttachments();
    const notFound = { kind: "not_found" } satisfies Partial<AppError>;
    const sequences = [(await counters(mine.user.id)).changeSeq, (await counters(theirs.user.id)).changeSeq];
    // Their entry with their commit, their entry with mine, my entry with theirs.
    await expect(detachCommit(await accessOf(mine.user), theirs.entry.id, theirs.commitIds[0]!)).rejects.toMatchObject(notFound);
    await expect(detachCommit(await accessOf(mine.user), theirs.entry.id, mine.commitIds[0]!)).rejects.toMatchObject(notFound);
    await expect(detachCommit(await accessOf(mine.user), mine.entry.id, theirs.commitIds[0]!)).rejects.toMatchObject(notFound);
    await expect(detachCommit(await accessOf(mine.user), crypto.randomUUID(), mine.commitIds[0]!)).rejects.toMatchObject(notFound);
    await expect(detachCommit(await accessOf(mine.user), mine.entry.id, crypto.randomUUID())).rejects.toMatchObject(notFound);
    expect(await attachedIds(await accessOf(mine.user), mine.entry.id)).toEqual([...mine.commitIds].sort());
    expect(await attachedIds(await accessOf(theirs.user), theirs.entry.id)).toEqual([...theirs.commitIds].sort());
    expect(await getEntry(await accessOf(mine.user), mine.entry.id)).toEqual(mine.entry);
    expect([(await counters(mine.user.id)).changeSeq, (await counters(theirs.user.id)).changeSeq]).toEqual(sequences);
  });

  it("queues with attachments, edits and the entry's deletion that race on the entry, without a deadlock", async () => {
    const { user, commitIds } = await accountWithAttachments();
    for (let round = 0; round < 15; round++) {
      const entry = await createEntry(await accessOf(user), { content: `round ${round}` }, "api");
      await attachCommits(await accessOf(user), entry.id, { commit_ids: commitIds.slice(0, 2) });
      const outcomes = await Promise.allSettled([
        detachCommit(await accessOf(user), entry.id, commitIds[0]!),
        detachCommit(await accessOf(user), entry.id, commitIds[1]!),
        attachCommits(await accessOf(user), entry.id, { commit_ids: [commitIds[2]!] }),
        updateEntry(await accessOf(user), entry.id, { duration_seconds: 60 }),
        ...(round % 3 === 2 ? [deleteEntry(await accessOf(user), entry.id)] : []),
      ]);
      // A write that lost to the deletion is a 404; any other failure (a deadlock's) is a fault.
      const faults = outcomes.flatMap((outcome) =>
        outcome.status === "rejected" && !(outcome.reason instanceof AppError && outcome.reason.kind === "not_found") ? [String(outcome.reason)] : [],
      );
      expect(faults, `round ${round}`).toEqual([]);
      if (round % 3 !== 2) expect(await attachedIds(await accessOf(user), entry.id), `round ${round}`).toEqual([commitIds[2]]);
    }
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(await getDb().worklogEntry.count({ where: { userId: user.id } }));
  });
});
