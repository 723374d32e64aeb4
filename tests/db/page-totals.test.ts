import { describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { getDb } from "@/lib/db/client";
import { projectTotals } from "@/lib/projects/project-totals";
import { recordCommits } from "@/lib/repositories/commits";
import { repositoryTotals } from "@/lib/repositories/repository-totals";
import { createRepository } from "@/lib/repositories/repositories";
import { tagUsage } from "@/lib/worklog/tag-usage";

const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 10, day, hour));
const since = { week: at(23, 0), month: at(1, 0) };

async function twoAccounts(label: string) {
  const db = getDb();
  const user = await db.user.create({ data: { email: `${label}@example.com` } });
  const stranger = await db.user.create({ data: { email: `${label}-stranger@example.com` } });
  const project = await db.project.create({ data: { ...(await personalRow(user)), name: "Engine", identifier: "EN" } });
  const theirs = await db.project.create({ data: { ...(await personalRow(stranger)), name: "Theirs", identifier: "TH" } });
  return { db, user, stranger, project, theirs };
}

describe("projectTotals", () => {
  it("sums the project's time this week, this month and in all, counts its entries and finds the latest, in one statement", async () => {
    const { db, user, stranger, project, theirs } = await twoAccounts("project-totals");
    await db.worklogEntry.createMany({
      data: [
        { ...(await personalRow(user)), projectId: project.id, content: "this week", recordedAt: at(24), durationSeconds: 3600 },
        { ...(await personalRow(user)), projectId: project.id, content: "this week, no time", recordedAt: at(25) },
        { ...(await personalRow(user)), projectId: project.id, content: "this month", recordedAt: at(10), durationSeconds: 1800 },
        { ...(await personalRow(user)), projectId: project.id, content: "last month", recordedAt: new Date("2026-10-20T12:00:00Z"), durationSeconds: 600 },
        { ...(await personalRow(user)), projectId: null, content: "no project", recordedAt: at(24), durationSeconds: 7200 },
        { ...(await personalRow(stranger)), projectId: theirs.id, content: "theirs", recordedAt: at(26), durationSeconds: 9000 },
      ],
    });
    expect(await projectTotals(await accessOf(user), project.id, since)).toEqual({
      weekSeconds: 3600,
      monthSeconds: 5400,
      allSeconds: 6000,
      entryCount: 4,
      lastActivity: at(25),
    });
    // Another account's project id reads nothing of it.
    expect(await projectTotals(await accessOf(user), theirs.id, since)).toEqual({
      weekSeconds: 0,
      monthSeconds: 0,
      allSeconds: 0,
      entryCount: 0,
      lastActivity: null,
    });
  });
});

describe("repositoryTotals", () => {
  it("counts the repository's commits and the entries they are attached to, and finds the latest commit and push", async () => {
    const { db, user, stranger } = await twoAccounts("repository-totals");
    const engine = await createRepository(await accessOf(user), { name: "engine" });
    const theirs = await createRepository(await accessOf(stranger), { name: "theirs" });
    await recordCommits(
      await accessOf(user),
      engine.id,
      [20, 24, 25].map((day, index) => ({ sha: `a${index}`.padEnd(40, "0"), message: `commit ${index}`, committed_at: at(day) })),
    );
    await recordCommits(await accessOf(stranger), theirs.id, [{ sha: "b".padEnd(40, "0"), message: "theirs", committed_at: at(26) }]);
    const commits = await db.commit.findMany({ where: { repositoryId: engine.id }, orderBy: { committedAt: "asc" } });
    const entry = await db.worklogEntry.create({ data: { ...(await personalRow(user)), content: "two commits", recordedAt: at(25) } });
    const other = await db.worklogEntry.create({ data: { ...(await personalRow(user)), content: "one commit", recordedAt: at(25) } });
    await db.worklogEntryCommit.createMany({
      data: [
        { entryId: entry.id, commitId: commits[0]!.id },
        { entryId: entry.id, commitId: commits[1]!.id },
        { entryId: other.id, commitId: commits[2]!.id },
      ],
    });
    const lastPush = await db.commit.aggregate({ where: { repositoryId: engine.id }, _max: { insertedAt: true } });

    expect(await repositoryTotals(await accessOf(user), engine.id, since.week)).toEqual({
      commitCount: 3,
      weekCommitCount: 2,
      lastCommitAt: at(25),
      lastPushAt: lastPush._max.insertedAt,
      entryCount: 2,
    });
    expect(await repositoryTotals(await accessOf(user), theirs.id, since.week)).toEqual({
      commitCount: 0,
      weekCommitCount: 0,
      lastCommitAt: null,
      lastPushAt: null,
      entryCount: 0,
    });
  });
});

describe("tagUsage", () => {
  it("lists the account's tags, the most used first, then by name, without another account's", async () => {
    const { db, user, stranger } = await twoAccounts("tag-usage");
    await db.worklogEntry.createMany({
      data: [
        { ...(await personalRow(user)), content: "a", recordedAt: at(1), tags: ["review", "ops"] },
        { ...(await personalRow(user)), content: "b", recordedAt: at(2), tags: ["review", "api"] },
        { ...(await personalRow(user)), content: "c", recordedAt: at(3), tags: ["review"] },
        { ...(await personalRow(user)), content: "d", recordedAt: at(4), tags: ["ops"] },
        { ...(await personalRow(stranger)), content: "e", recordedAt: at(5), tags: ["secret", "secret-too", "api"] },
      ],
    });
    expect(await tagUsage(await accessOf(user))).toEqual([
      { tag: "review", count: 3 },
      { tag: "ops", count: 2 },
      { tag: "api", count: 1 },
    ]);
    expect(await tagUsage(await accessOf(user), 1)).toEqual([{ tag: "review", count: 3 }]);
  });
});
