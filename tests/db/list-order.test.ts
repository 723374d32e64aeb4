import { describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { personalWorkspaceId } from "@/lib/access/memberships";
import { runAdminCommand } from "@/lib/admin/commands";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createProject, deleteProject, listProjects, updateProject } from "@/lib/projects/projects";
import { listCommits, recordCommits } from "@/lib/repositories/commits";
import { createRepository, deleteRepository, listRepositories } from "@/lib/repositories/repositories";
import { updateUser } from "@/lib/users/accounts";
import { attachCommits, createEntry, deleteEntry, listEntries, updateEntry } from "@/lib/worklog/entries";

// The order of the work, cursors that outlive their items, and the counters kept by the write
// triggers (migration 20261123085144_order_of_the_work), on each database.

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `order-${++accounts}@example.com` } });
const day = (date: string) => new Date(`${date}T12:00:00.000Z`);
const changeSeq = async (userId: string) =>
  (await getDb().accountCounters.findUniqueOrThrow({ where: { workspaceId: await personalWorkspaceId(userId) } })).changeSeq;

describe("lists in the order of the work", () => {
  it("entries by recorded_at, then id, newest first: a backfilled entry sits among its day's", async () => {
    const user = await newUser();
    const monday = await createEntry(await accessOf(user), { content: "monday", recorded_at: day("2026-11-16") }, "api");
    const wednesday = await createEntry(await accessOf(user), { content: "wednesday", recorded_at: day("2026-11-18") }, "api");
    const backfilledTuesday = await createEntry(await accessOf(user), { content: "tuesday, typed later", recorded_at: day("2026-11-17") }, "api");
    const sameTime = await createEntry(await accessOf(user), { content: "also wednesday noon", recorded_at: day("2026-11-18") }, "api");
    const { rows } = await listEntries(await accessOf(user), { page: { limit: 25 } });
    expect(rows.map((row) => row.content)).toEqual([sameTime, wednesday, backfilledTuesday, monday].map((entry) => entry.content));
  });

  it("a repository's commits by committed_at, then id, newest first", async () => {
    const user = await newUser();
    const repository = await createRepository(await accessOf(user), { name: "api" });
    const [older, newer, oldest] = await recordCommits(await accessOf(user), repository.id, [
      { sha: "b".repeat(40), message: "older", committed_at: day("2026-11-10") },
      { sha: "c".repeat(40), message: "newer", committed_at: day("2026-11-12") },
      { sha: "a".repeat(40), message: "oldest", committed_at: day("2026-11-01") },
    ]);
    const { rows } = await listCommits(await accessOf(user), repository.id, { limit: 25 });
    expect(rows.map((row) => row.id)).toEqual([newer!.id, older!.id, oldest!.id]);
    const afterNewer = await listCommits(await accessOf(user), repository.id, { limit: 1, startingAfter: newer!.id });
    expect(afterNewer.rows.map((row) => row.id)).toEqual([older!.id]);
    const beforeOldest = await listCommits(await accessOf(user), repository.id, { limit: 1, endingBefore: oldest!.id });
    expect(beforeOldest.rows.map((row) => row.id)).toEqual([older!.id]);
  });
});

describe("cursors", () => {
  it("a deleted entry's id still marks its place, both ways", async () => {
    const user = await newUser();
    const entries = [];
    for (const date of ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05"])
      entries.push(await createEntry(await accessOf(user), { content: date, recorded_at: day(date) }, "api"));
    const [first, second, third, fourth, fifth] = entries.map((entry) => entry.id);
    await deleteEntry(await accessOf(user), third!);
    const after = await listEntries(await accessOf(user), { page: { limit: 25, startingAfter: third } });
    expect(after.rows.map((row) => row.id)).toEqual([second, first]);
    const before = await listEntries(await accessOf(user), { page: { limit: 25, endingBefore: third } });
    expect(before.rows.map((row) => row.id)).toEqual([fifth, fourth]);
    expect(before.meta.total_count).toBe(4);
  });

  it("a deleted commit's id, a deleted repository's and a deleted project's still mark their places", async () => {
    const user = await newUser();
    const [kept, gone] = [await createProject(await accessOf(user), { name: "Kept" }), await createProject(await accessOf(user), { name: "Gone" })];
    await deleteProject(await accessOf(user), gone.id);
    expect((await listProjects(await accessOf(user), { limit: 25, startingAfter: gone.id })).rows.map((row) => row.id)).toEqual([kept.id]);
    const repository = await createRepository(await accessOf(user), { name: "one" });
    const removed = await createRepository(await accessOf(user), { name: "two" });
    const [commit] = await recordCommits(await accessOf(user), removed.id, [{ sha: "d".repeat(40), message: "m", committed_at: day("2026-11-02") }]);
    await deleteRepository(await accessOf(user), removed.id);
    expect((await listRepositories(await accessOf(user), { limit: 25, startingAfter: removed.id })).rows.map((row) => row.id)).toEqual([repository.id]);
    // The repository's commits went with it, and left their places too.
    await recordCommits(await accessOf(user), repository.id, [
      { sha: "e".repeat(40), message: "before", committed_at: day("2026-11-01") },
      { sha: "f".repeat(40), message: "after", committed_at: day("2026-11-03") },
    ]);
    const page = await listCommits(await accessOf(user), repository.id, { limit: 25, startingAfter: commit!.id });
    expect(page.rows.map((row) => row.message)).toEqual(["before"]);
  });

  it("an id the account never had is a 400 naming the parameter: another account's, or nobody's", async () => {
    const user = await newUser();
    const stranger = await newUser();
    const theirs = await createEntry(await accessOf(stranger), { content: "theirs" }, "api");
    const theirDeleted = await createEntry(await accessOf(stranger), { content: "theirs, deleted" }, "api");
    await deleteEntry(await accessOf(stranger), theirDeleted.id);
    for (const id of [theirs.id, theirDeleted.id, crypto.randomUUID()]) {
      await expect(listEntries(await accessOf(user), { page: { limit: 25, startingAfter: id } })).rejects.toMatchObject({
        kind: "invalid_request",
        message: expect.stringMatching(/^starting_after names no item/),
      });
      await expect(listEntries(await accessOf(user), { page: { limit: 25, endingBefore: id } })).rejects.toMatchObject({
        kind: "invalid_request",
        message: expect.stringMatching(/^ending_before names no item/),
      });
    }
    const theirProject = await createProject(await accessOf(stranger), { name: "Theirs" });
    await expect(listProjects(await accessOf(user), { limit: 25, startingAfter: theirProject.id })).rejects.toMatchObject({ kind: "invalid_request" });
  });
});

describe("the account's counters", () => {
  it("stay exact under concurrent creates and deletes", async () => {
    const user = await newUser();
    const access = await accessOf(user);
    const seeded = await Promise.all(Array.from({ length: 25 }, (_, index) => createEntry(access, { content: `seed ${index}` }, "api")));
    await Promise.all([
      ...Array.from({ length: 25 }, (_, index) => createEntry(access, { content: `new ${index}` }, "api")),
      ...seeded.map((entry) => deleteEntry(access, entry.id)),
      ...Array.from({ length: 5 }, (_, index) => createProject(access, { name: `Project ${index}` })),
    ]);
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(await getDb().worklogEntry.count({ where: { userId: user.id } }));
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(25);
    expect(await accountTotal(await accessOf(user), "projectCount")).toBe(5);
    const { meta } = await listEntries(await accessOf(user), { page: { limit: 1 } });
    expect(meta.total_count).toBe(25);
  });

  it("queue writes that race on one entry without a deadlock: attachments, edits and its deletion", async () => {
    const user = await newUser();
    const repository = await createRepository(await accessOf(user), { name: "api" });
    const commits = await recordCommits(
      await accessOf(user),
      repository.id,
      Array.from({ length: 3 }, (_, index) => ({ sha: `${index}`.repeat(40), message: `commit ${index}`, committed_at: day("2026-11-10") })),
    );
    const commit_ids = commits.map((commit) => commit!.id);
    for (let round = 0; round < 15; round++) {
      const entry = await createEntry(await accessOf(user), { content: `round ${round}` }, "api");
      const outcomes = await Promise.allSettled([
        attachCommits(await accessOf(user), entry.id, { commit_ids }),
        updateEntry(await accessOf(user), entry.id, { duration_seconds: 60 }),
        updateEntry(await accessOf(user), entry.id, { tags: ["race"] }),
        ...(round % 3 === 2 ? [deleteEntry(await accessOf(user), entry.id)] : []),
      ]);
      // A write that lost to the deletion is a 404; any other failure (a deadlock's) is a fault.
      const faults = outcomes.flatMap((outcome) =>
        outcome.status === "rejected" && !(outcome.reason instanceof AppError && outcome.reason.kind === "not_found") ? [String(outcome.reason)] : [],
      );
      expect(faults, `round ${round}`).toEqual([]);
    }
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(await getDb().worklogEntry.count({ where: { userId: user.id } }));
  });

  it("are repaired by `stats:rebuild`", async () => {
    const user = await newUser();
    await createEntry(await accessOf(user), { content: "one" }, "api");
    await createRepository(await accessOf(user), { name: "repo" });
    await getDb().accountCounters.update({ where: { workspaceId: await personalWorkspaceId(user.id) }, data: { entryCount: 40, repositoryCount: 0 } });
    const result = await runAdminCommand(["stats:rebuild", "--email", user.email]);
    expect(result).toMatchObject({ exitCode: 0, stdout: "Recounted 1 account: 1 had a wrong total, now corrected.\n" });
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(1);
    expect(await accountTotal(await accessOf(user), "repositoryCount")).toBe(1);
    expect((await runAdminCommand(["stats:rebuild", "--email", user.email])).stdout).toBe("Recounted 1 account: 0 had a wrong total, now corrected.\n");
    expect(await runAdminCommand(["stats:rebuild", "--email", "nobody@example.com"])).toMatchObject({ exitCode: 1 });
  });

  it("move the change sequence on with every kind of write, and only the writing account's", async () => {
    const user = await newUser();
    const bystander = await newUser();
    const bystanderSeq = await changeSeq(bystander.id);
    let last = await changeSeq(user.id);
    const expectMoved = async (write: string) => {
      const now = await changeSeq(user.id);
      expect(now, write).toBeGreaterThan(last);
      last = now;
    };
    const project = await createProject(await accessOf(user), { name: "P" });
    await expectMoved("project created");
    await updateProject(await accessOf(user), project.id, { description: "d" });
    await expectMoved("project updated");
    const repository = await createRepository(await accessOf(user), { name: "r", project_id: project.id });
    await expectMoved("repository created");
    const [commit] = await recordCommits(await accessOf(user), repository.id, [{ sha: "1".repeat(40), message: "m", committed_at: day("2026-11-01") }]);
    await expectMoved("commits recorded");
    const entry = await createEntry(await accessOf(user), { content: "e", project_id: project.id }, "api");
    await expectMoved("entry created");
    await updateEntry(await accessOf(user), entry.id, { content: "changed" });
    await expectMoved("entry updated");
    await attachCommits(await accessOf(user), entry.id, { commit_ids: [commit!.id] });
    await expectMoved("commit attached");
    await getDb().recap.create({ data: { ...(await personalRow(user)), filters: {}, filtersKey: "k" } });
    await expectMoved("recap created");
    await updateUser(await accessOf(user), { timezone: "Europe/Paris" });
    await expectMoved("account updated");
    await deleteProject(await accessOf(user), project.id);
    await expectMoved("project deleted (its entries and repositories let go of it)");
    await deleteEntry(await accessOf(user), entry.id);
    await expectMoved("entry deleted");
    await deleteRepository(await accessOf(user), repository.id);
    await expectMoved("repository deleted");
    expect(await changeSeq(bystander.id)).toBe(bystanderSeq);
  });
});
