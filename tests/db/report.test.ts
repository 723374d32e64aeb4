import { describe, expect, it } from "vitest";
import type { Access } from "@/lib/access/context";
import { accessOf } from "../support/access";
import { getDb } from "@/lib/db/client";
import { createProject } from "@/lib/projects/projects";
import { buildReport } from "@/lib/reports/report";
import { reportQuerySchema } from "@/lib/reports/schemas";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository, deleteRepository } from "@/lib/repositories/repositories";
import { attachCommits, createEntry, detachCommit } from "@/lib/worklog/entries";

// The report's one statement (lib/reports/report.ts) on both databases: its groups in the
// account's zone and week start, and the previous period.

let accounts = 0;
async function newUser(timezone: string, weekStart: "monday" | "sunday" = "monday") {
  return getDb().user.create({ data: { email: `report-${++accounts}@example.com`, timezone, weekStart } });
}

const query = (parameters: Record<string, string>) => reportQuerySchema.parse(parameters);
const entry = (access: Access, recorded_at: string, duration_seconds: number | null, extra: { tags?: string[]; project_id?: string } = {}) =>
  createEntry(access, { content: "work", recorded_at: new Date(recorded_at), duration_seconds, ...extra }, "api");

describe("the report statement", () => {
  it("puts an entry in the day of the account's zone across a daylight-saving change", async () => {
    // New York moved its clocks forward on 2026-03-08 at 02:00 (UTC-5 → UTC-4).
    const user = await newUser("America/New_York");
    await entry(await accessOf(user), "2026-03-08T04:59:00Z", 60); // 23:59 on the 7th (EST)
    await entry(await accessOf(user), "2026-03-08T05:00:00Z", 120); // 00:00 on the 8th (EST)
    await entry(await accessOf(user), "2026-03-09T03:59:00Z", 180); // 23:59 on the 8th (EDT)
    await entry(await accessOf(user), "2026-03-09T04:00:00Z", 240); // 00:00 on the 9th (EDT)
    const report = await buildReport(await accessOf(user), query({ from: "2026-03-07", to: "2026-03-09", group_by: "day" }));
    expect(report.groups.map(({ key, trackedSeconds, entries }) => ({ key, trackedSeconds, entries }))).toEqual([
      { key: "2026-03-07", trackedSeconds: 60, entries: 1 },
      { key: "2026-03-08", trackedSeconds: 300, entries: 2 },
      { key: "2026-03-09", trackedSeconds: 240, entries: 1 },
    ]);
    expect(report.period.start.toISOString()).toBe("2026-03-07T05:00:00.000Z");
    expect(report.period.end.toISOString()).toBe("2026-03-10T03:59:59.999Z");
    // Three calendar days before, whatever their length.
    expect(report.previousPeriod.start.toISOString()).toBe("2026-03-04T05:00:00.000Z");
    expect(report.previousPeriod.end.toISOString()).toBe("2026-03-07T04:59:59.999Z");
  });

  it("groups weeks by the account's week start, months by its zone, and lists the empty ones", async () => {
    const monday = await newUser("Europe/Paris", "monday");
    const sunday = await newUser("Europe/Paris", "sunday");
    for (const user of [monday, sunday]) {
      await entry(await accessOf(user), "2026-11-08T10:00:00Z", 3600); // a Sunday
      await entry(await accessOf(user), "2026-11-09T10:00:00Z", 1800); // a Monday
      await entry(await accessOf(user), "2026-11-30T23:30:00Z", 60); // 00:30 on 1 December in Paris
    }
    const weeks = (report: Awaited<ReturnType<typeof buildReport>>) => report.groups.map(({ key, trackedSeconds }) => [key, trackedSeconds]);
    expect(weeks(await buildReport(await accessOf(monday), query({ from: "2026-11-02", to: "2026-11-15", group_by: "week" })))).toEqual([
      ["2026-11-02", 3600],
      ["2026-11-09", 1800],
    ]);
    expect(weeks(await buildReport(await accessOf(sunday), query({ from: "2026-11-02", to: "2026-11-15", group_by: "week" })))).toEqual([
      ["2026-11-01", 0],
      ["2026-11-08", 5400],
      ["2026-11-15", 0],
    ]);
    const months = await buildReport(await accessOf(monday), query({ from: "2026-11-01", to: "2026-12-31", group_by: "month" }));
    expect(weeks(months)).toEqual([
      ["2026-11", 5400],
      ["2026-12", 60],
    ]);
  });

  it("counts an entry once in the totals and once in each of its tags, with commits and the previous period", async () => {
    const user = await newUser("UTC");
    const project = await createProject(await accessOf(user), { name: "Alpha", identifier: "ALP" });
    const repository = await createRepository(await accessOf(user), { name: "alpha" });
    const commits = await recordCommits(
      await accessOf(user),
      repository.id,
      ["a", "b"].map((digit) => ({ sha: digit.repeat(40), message: digit, committed_at: new Date("2026-11-10T00:00:00Z") })),
    );
    const tagged = await entry(await accessOf(user), "2026-11-10T09:00:00Z", 3600, { tags: ["backend", "review"], project_id: project.id });
    await attachCommits(await accessOf(user), tagged.id, { commit_ids: commits.map((commit) => commit.id) });
    await entry(await accessOf(user), "2026-11-11T09:00:00Z", null, { tags: ["backend"] });
    await entry(await accessOf(user), "2026-11-12T09:00:00Z", 600);
    await entry(await accessOf(user), "2026-11-05T09:00:00Z", 1200, { tags: ["review"], project_id: project.id }); // the previous period

    const byTag = await buildReport(await accessOf(user), query({ from: "2026-11-08", to: "2026-11-14", group_by: "tag" }));
    expect(byTag.totals).toEqual({ trackedSeconds: 4200, entries: 3, commits: 2 });
    expect(byTag.previousTotals).toEqual({ trackedSeconds: 1200, entries: 1, commits: 0 });
    expect(byTag.groups.map(({ key, trackedSeconds, entries, commits, previous }) => ({ key, trackedSeconds, entries, commits, previous }))).toEqual([
      { key: "backend", trackedSeconds: 3600, entries: 2, commits: 2, previous: { trackedSeconds: 0, entries: 0, commits: 0 } },
      { key: "review", trackedSeconds: 3600, entries: 1, commits: 2, previous: { trackedSeconds: 1200, entries: 1, commits: 0 } },
      { key: null, trackedSeconds: 600, entries: 1, commits: 0, previous: { trackedSeconds: 0, entries: 0, commits: 0 } },
    ]);

    const byProject = await buildReport(await accessOf(user), query({ from: "2026-11-08", to: "2026-11-14", group_by: "project", tags: "backend" }));
    expect(byProject.totals).toEqual({ trackedSeconds: 3600, entries: 2, commits: 2 });
    expect(byProject.groups.map(({ key, projectName, trackedSeconds }) => ({ key, projectName, trackedSeconds }))).toEqual([
      { key: project.id, projectName: "Alpha", trackedSeconds: 3600 },
      { key: null, projectName: null, trackedSeconds: 0 },
    ]);

    const byDay = await buildReport(await accessOf(user), query({ from: "2026-11-10", to: "2026-11-10", group_by: "day" }));
    expect(byDay.groups).toEqual([
      expect.objectContaining({
        key: "2026-11-10",
        previous: null,
        byProject: [{ projectId: project.id, projectName: "Alpha", trackedSeconds: 3600, entries: 1, commits: 2 }],
      }),
    ]);
  });

  it("keeps each entry's commit count, which it reads from the index, through attaching, detaching and deleting a repository", async () => {
    const user = await newUser("UTC");
    const repository = await createRepository(await accessOf(user), { name: "counted" });
    const other = await createRepository(await accessOf(user), { name: "other" });
    const [first, second] = await recordCommits(
      await accessOf(user),
      repository.id,
      ["c", "d"].map((digit) => ({ sha: digit.repeat(40), message: digit, committed_at: new Date("2026-11-10T00:00:00Z") })),
    );
    const [third] = await recordCommits(await accessOf(user), other.id, [
      { sha: "e".repeat(40), message: "e", committed_at: new Date("2026-11-10T00:00:00Z") },
    ]);
    const counted = await entry(await accessOf(user), "2026-11-10T09:00:00Z", 60);
    const commitsOfDay = async () => (await buildReport(await accessOf(user), query({ from: "2026-11-10", to: "2026-11-10" }))).totals.commits;
    await attachCommits(await accessOf(user), counted.id, { commit_ids: [first!.id, second!.id, third!.id] });
    expect(await commitsOfDay()).toBe(3);
    await detachCommit(await accessOf(user), counted.id, second!.id);
    expect(await commitsOfDay()).toBe(2);
    await deleteRepository(await accessOf(user), other.id);
    expect(await commitsOfDay()).toBe(1);
    const stored = await getDb().worklogEntry.findUniqueOrThrow({ where: { id: counted.id }, select: { commitCount: true } });
    expect(stored.commitCount).toBe(1);
  });
});
