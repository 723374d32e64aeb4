import { describe, expect, it } from "vitest";
import { ownerId, type Access } from "@/lib/access/context";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { createProject, deleteProject } from "@/lib/projects/projects";
import { buildReport } from "@/lib/reports/report";
import { splitByWholeDays } from "@/lib/reports/whole-days";
import { reportGroupings, reportQuerySchema } from "@/lib/reports/schemas";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { bulkEditEntries, restoreEntries } from "@/lib/worklog/bulk";
import { attachCommits, createEntry, deleteEntry, detachCommit, restoreEntry, updateEntry } from "@/lib/worklog/entries";
import { startTimer } from "@/lib/worklog/timer";
import { accessOf } from "../support/access";
import { runMigrationScript } from "../support/migration-script";

// The reports' day totals (migration 20261130000300_entry_day_totals, lib/reports/report.ts) on
// both databases: after every kind of write of entries, a report served by them is the report read
// from the entries alone (the same query with a filter that every entry passes, which the totals do
// not serve), in zones whose days are not UTC's; and the totals are a fresh count of the entries.

let accounts = 0;
const newUser = (timezone = "UTC") => getDb().user.create({ data: { email: `day-totals-${++accounts}@example.com`, timezone } });

/** Every source: a filter every entry passes, which sends the report to the entries (no totals). */
const everySource = "web,api,cli,mcp";

const inZone = (access: Access, timezone: string): Access => ({ ...access, user: { ...access.user, timezone } });

/** The totals as kept, and as a fresh count of the workspace's entries makes them. */
async function keptAndCounted(workspaceId: string) {
  const kept = await queryRows<Record<string, unknown>>(
    `SELECT dimension, day::text AS day, key, entries, tracked_seconds::float8 AS seconds, commits FROM entry_day_totals
      WHERE workspace_id = $1::uuid ORDER BY dimension, day, key`,
    [workspaceId],
  );
  const counted = await queryRows<Record<string, unknown>>(
    `SELECT k.dimension, (e.recorded_at AT TIME ZONE 'UTC')::date::text AS day, k.key, count(*)::int AS entries,
        sum(coalesce(e.duration_seconds, 0))::float8 AS seconds, sum(e.commit_count)::int AS commits
      FROM worklog_entries e,
        LATERAL (SELECT 'project', coalesce(e.project_id::text, '') UNION ALL SELECT 'author', e.user_id::text UNION ALL SELECT 'source', e.source::text
          UNION ALL SELECT 'tag', t.tag FROM unnest(CASE WHEN cardinality(e.tags) = 0 THEN ARRAY['']::text[] ELSE e.tags END) AS t(tag)) AS k(dimension, key)
      WHERE e.workspace_id = $1::uuid AND e.running_user_id IS NULL
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [workspaceId],
  );
  return { kept, counted };
}

/** A workspace with every kind of entry, written through every kind of write. */
async function seededWorkspace() {
  const user = await newUser();
  const access = await accessOf(user);
  const workspaceId = ownerId(access);
  const alpha = await createProject(access, { name: "Alpha", identifier: "ALP" });
  const beta = await createProject(access, { name: "Beta", identifier: "BET" });
  const doomed = await createProject(access, { name: "Doomed", identifier: "DOO" });
  const repository = await createRepository(access, { name: "api" });
  const commits = await recordCommits(
    access,
    repository.id,
    ["a", "b", "c"].map((digit) => ({ sha: digit.repeat(40), message: digit, committed_at: new Date("2026-03-01T00:00:00Z") })),
  );
  const projects = [alpha.id, beta.id, doomed.id, undefined];
  const tagSets = [[], ["backend"], ["backend", "review"], ["docs"]];
  const ids: string[] = [];
  // Every 7 h 13 min from 20 February to 20 March: every hour of the day, on both sides of UTC's and the zones' midnights.
  for (let index = 0; index < 92; index++) {
    const recordedAt = new Date(Date.parse("2026-02-20T00:30:00Z") + index * (7 * 3_600_000 + 13 * 60_000));
    const created = await createEntry(
      access,
      {
        content: `work ${index}`,
        recorded_at: recordedAt,
        duration_seconds: index % 5 === 0 ? null : 600 + index * 7,
        tags: tagSets[index % tagSets.length],
        project_id: projects[index % projects.length],
      },
      index % 3 === 0 ? "web" : "api",
    );
    ids.push(created.id);
  }
  // Entries by other authors of the workspace (kept without a foreign key to their user).
  const colleague = await newUser();
  for (const [index, recordedAt] of ["2026-03-02T23:50:00Z", "2026-03-08T06:10:00Z", "2026-03-10T18:40:00Z"].entries())
    await getDb().worklogEntry.create({
      data: { workspaceId, userId: colleague.id, content: "pairing", recordedAt: new Date(recordedAt), durationSeconds: 900 * (index + 1), tags: ["pairing"] },
    });
  await attachCommits(access, ids[10]!, { commit_ids: commits.map((commit) => commit.id) });
  await attachCommits(access, ids[11]!, { commit_ids: [commits[0]!.id] });
  await detachCommit(access, ids[10]!, commits[1]!.id);
  await updateEntry(access, ids[12]!, { recorded_at: new Date("2026-03-15T23:59:59.999Z") }); // moved in time
  await updateEntry(access, ids[13]!, { tags: ["ops", "backend"], project_id: beta.id, duration_seconds: 3_600 });
  await updateEntry(access, ids[14]!, { duration_seconds: null, project_id: null });
  await updateEntry(access, ids[15]!, { content: "only the text" });
  await deleteEntry(access, ids[16]!);
  const deleted = await getDb().worklogEntry.findUniqueOrThrow({ where: { id: ids[17]! } });
  await deleteEntry(access, ids[17]!);
  await restoreEntry(access, {
    id: deleted.id,
    content: deleted.content,
    recorded_at: deleted.recordedAt,
    duration_seconds: deleted.durationSeconds,
    tags: deleted.tags,
    project_id: deleted.projectId ?? undefined,
    source: deleted.source,
    commit_ids: [],
  });
  const bulk = ids.slice(20, 30);
  await bulkEditEntries(access, { ids: bulk, action: { type: "add_tag", tag: "perf" } });
  const moved = await bulkEditEntries(access, { ids: bulk.slice(0, 6), action: { type: "move_to_project", project_id: alpha.id } });
  const removed = await bulkEditEntries(access, { ids: bulk.slice(6), action: { type: "delete" } });
  await restoreEntries(
    access,
    [...moved.before, ...removed.before].slice(3, 8).map((entry) => ({
      id: entry.id,
      content: entry.content,
      recorded_at: entry.recordedAt,
      duration_seconds: entry.durationSeconds,
      tags: entry.tags,
      project_id: entry.projectId ?? undefined,
      source: entry.source,
      commit_ids: entry.commits.map((link) => link.commitId),
    })),
  );
  await deleteProject(access, doomed.id); // its entries lose their project
  // A timer running since 10:00 on 9 March, which the report counts up to its `now`.
  await startTimer(access, { content: "running", tags: ["backend"] }, "web", new Date("2026-03-09T10:00:00Z"));
  return { user, access, workspaceId, ids };
}

describe("the reports' day totals", () => {
  it("answer every grouping as the entries do, in UTC, in Asia/Kolkata and across New York's daylight-saving change, and never drift", async () => {
    const { access, workspaceId } = await seededWorkspace();
    const now = new Date("2026-03-09T12:30:00Z");
    const periods = [
      { from: "2026-03-01", to: "2026-03-14" },
      { from: "2026-03-08", to: "2026-03-09" },
      { from: "2026-03-03T07:15:00Z", to: "2026-03-12T16:45:00Z" },
    ];
    let compared = 0;
    for (const timezone of ["UTC", "Asia/Kolkata", "America/New_York"]) {
      for (const period of periods) {
        for (const group_by of reportGroupings) {
          const zoned = inZone(access, timezone);
          const served = await buildReport(zoned, reportQuerySchema.parse({ ...period, group_by }), now);
          const fromEntries = await buildReport(zoned, reportQuerySchema.parse({ ...period, group_by, source: everySource }), now);
          expect({ timezone, period, group_by, served }).toEqual({ timezone, period, group_by, served: fromEntries });
          compared++;
        }
      }
    }
    expect(compared).toBe(3 * periods.length * reportGroupings.length);
    const { kept, counted } = await keptAndCounted(workspaceId);
    expect(kept.length).toBeGreaterThan(100);
    expect(kept).toEqual(counted);

    // Moved to another workspace and back: out of one's totals into the other's.
    const other = await accessOf(await newUser());
    const [moved] = await queryRows<{ id: string }>(`SELECT id FROM worklog_entries WHERE workspace_id = $1::uuid AND running_user_id IS NULL LIMIT 1`, [
      workspaceId,
    ]);
    await queryRows(`UPDATE worklog_entries SET workspace_id = $2::uuid WHERE id = $1::uuid`, [moved!.id, ownerId(other)]);
    const elsewhere = await keptAndCounted(ownerId(other));
    expect(elsewhere.kept.length).toBeGreaterThanOrEqual(4);
    expect(elsewhere.kept).toEqual(elsewhere.counted);
    await queryRows(`UPDATE worklog_entries SET workspace_id = $2::uuid WHERE id = $1::uuid`, [moved!.id, workspaceId]);
    expect((await keptAndCounted(ownerId(other))).kept).toEqual([]);

    const back = await keptAndCounted(workspaceId);
    expect(back.kept).toEqual(back.counted);
  });

  it("are recounted by the backfill migration from the entries, whatever the triggers kept before it", async () => {
    const { workspaceId } = await seededWorkspace();
    // As if the entries predated the triggers: some days' totals missing, others wrong.
    await queryRows(`DELETE FROM entry_day_totals WHERE workspace_id = $1::uuid AND dimension = 'tag'`, [workspaceId]);
    await queryRows(`UPDATE entry_day_totals SET entries = entries + 7, tracked_seconds = 0 WHERE workspace_id = $1::uuid AND dimension = 'project'`, [
      workspaceId,
    ]);
    const broken = await keptAndCounted(workspaceId);
    expect(broken.kept).not.toEqual(broken.counted);
    await runMigrationScript("20261201000300_entry_day_totals_backfill");
    const { kept, counted } = await keptAndCounted(workspaceId);
    expect(kept.length).toBeGreaterThan(50);
    expect(kept).toEqual(counted);
  });

  it("serve a day's figures as counted by hand, with the running timer's time", async () => {
    const user = await newUser();
    const access = await accessOf(user);
    await createEntry(access, { content: "a", recorded_at: new Date("2026-05-04T09:00:00Z"), duration_seconds: 600, tags: ["x", "y"] }, "api");
    await createEntry(access, { content: "b", recorded_at: new Date("2026-05-04T23:59:59.999Z"), duration_seconds: null }, "web");
    await createEntry(access, { content: "c", recorded_at: new Date("2026-05-05T00:00:00Z"), duration_seconds: 60 }, "web"); // the next day
    await startTimer(access, { content: "running" }, "web", new Date("2026-05-04T10:00:00Z"));
    const now = new Date("2026-05-04T10:20:00Z");
    const byTag = await buildReport(access, reportQuerySchema.parse({ from: "2026-05-04", to: "2026-05-04", group_by: "tag" }), now);
    expect(byTag.totals).toEqual({ trackedSeconds: 600 + 1_200, entries: 3, commits: 0 });
    expect(byTag.groups.map(({ key, trackedSeconds, entries }) => [key, trackedSeconds, entries])).toEqual([
      [null, 1_200, 2],
      ["x", 600, 1],
      ["y", 600, 1],
    ]);
    const [row] = await queryRows<{ entries: number }>(
      `SELECT entries FROM entry_day_totals WHERE workspace_id = $1::uuid AND dimension = 'source' AND day = '2026-05-04' AND key = 'web'`,
      [ownerId(access)],
    );
    expect(row).toEqual({ entries: 1 }); // the running entry is not in them
  });

  it("split a span into whole UTC days and the partial days at its cuts", () => {
    const at = (iso: string) => new Date(iso);
    const span = (start: string, end: string) => ({ start: at(start), end: at(end) });
    // Kolkata, 1 to 3 March and the 3 days before: midnight there is 18:30 UTC the day before.
    expect(splitByWholeDays(at("2026-02-25T18:30:00Z"), at("2026-03-03T18:30:00Z"), [at("2026-02-28T18:30:00Z")])).toEqual({
      days: [span("2026-02-26T00:00:00Z", "2026-02-28T00:00:00Z"), span("2026-03-01T00:00:00Z", "2026-03-03T00:00:00Z")],
      entries: [
        span("2026-02-25T18:30:00Z", "2026-02-26T00:00:00Z"),
        span("2026-02-28T00:00:00Z", "2026-03-01T00:00:00Z"),
        span("2026-03-03T00:00:00Z", "2026-03-03T18:30:00Z"),
      ],
    });
    // UTC: all whole days, one span.
    expect(splitByWholeDays(at("2026-02-26T00:00:00Z"), at("2026-03-04T00:00:00Z"), [at("2026-03-01T00:00:00Z")])).toEqual({
      days: [span("2026-02-26T00:00:00Z", "2026-03-04T00:00:00Z")],
      entries: [],
    });
  });
});
