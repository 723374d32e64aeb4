import { ownerId, readsAllEntries, type Access } from "@/lib/access/context";
import type { EntryDayTotal, User, WorklogEntry } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { addDays, calendarDay, dayCount, startOfDay, weekOf } from "@/lib/time";
import { matchingEntries } from "@/lib/worklog/entry-filter-sql";
import { MAX_DURATION_SECONDS } from "@/lib/worklog/timer";
import { previousPeriod, reportPeriod, type ReportPeriod } from "./period";
import { splitByWholeDays, type Span } from "./whole-days";
import type { ReportGrouping, ReportQuery } from "./schemas";

/** What a report adds up: for the period, the previous one, and each group. */
export type Figures = { trackedSeconds: number; entries: number; commits: number };

/** One project's part of a day, week or month. */
export type ProjectFigures = Figures & { projectId: string | null; projectName: string | null };

export type ReportGroup = Figures & {
  /** The project's id (null: no project), the tag (null: no tag), the issue's key (null: no reference), the source, the author's id, or the day, week's first day or month. */
  key: string | null;
  /** The project's name, when grouping by project. */
  projectName: string | null;
  /** The author's name (null: none given, or the user is gone), when grouping by author. */
  authorName: string | null;
  /** The group's figures in the previous period: grouping by project, tag, source or author only. */
  previous: Figures | null;
  /** The group's figures by project: grouping by day, week or month only. */
  byProject: ProjectFigures[] | null;
};

export type Report = {
  groupBy: ReportGrouping;
  timeZone: string;
  period: ReportPeriod;
  previousPeriod: ReportPeriod;
  totals: Figures;
  previousTotals: Figures;
  groups: ReportGroup[];
};

const timeGroupings = new Set<ReportGrouping>(["day", "week", "month"]);

/** Every column of worklog_entries the report reads, by its field in Prisma's model: a renamed one fails the type check. */
const column = {
  userId: "e.user_id",
  projectId: "e.project_id",
  tags: "e.tags",
  source: "e.source",
  durationSeconds: "e.duration_seconds",
  commitCount: "e.commit_count",
  recordedAt: "e.recorded_at",
  runningUserId: "e.running_user_id",
  issueReferences: "e.issue_references",
} satisfies Partial<Record<keyof WorklogEntry, string>>;

/** The first instant of each day, week or month of the period, in the account's zone, with its key. */
type TimeBucket = { key: string; start: Date };

/**
 * Each day, week (from its first day) or month of the period, in order, with those without
 * entries: from its days, counted (reportPeriod bounds them).
 */
function timeBuckets(groupBy: ReportGrouping, period: ReportPeriod, timeZone: string, weekStart: User["weekStart"]): TimeBucket[] {
  const first = period.from.kind === "day" ? period.from.date : calendarDay(period.start, timeZone);
  const last = period.to.kind === "day" ? period.to.date : calendarDay(period.end, timeZone);
  const buckets: TimeBucket[] = [];
  for (let index = 0, days = dayCount(first, last); index < days; index++) {
    const day = addDays(first, index);
    const key = groupBy === "day" ? day : groupBy === "month" ? day.slice(0, 7) : weekOf(day, weekStart)[0]!;
    const firstDay = groupBy === "month" ? `${key}-01` : key;
    if (buckets.at(-1)?.key !== key) buckets.push({ key, start: startOfDay(firstDay, timeZone) });
  }
  return buckets;
}

type Row = Figures & {
  total: boolean;
  current: boolean;
  key: string | null;
  projectId: string | null;
  projectName: string | null;
  authorName: string | null;
};

/** Every column of entry_day_totals, by its field in Prisma's model. */
const dayTotal = {
  workspaceId: "d.workspace_id",
  dimension: "d.dimension",
  day: "d.day",
  key: "d.key",
  entries: "d.entries",
  trackedSeconds: "d.tracked_seconds",
  commits: "d.commits",
} satisfies Record<keyof EntryDayTotal, string>;

/** What the day totals (entry_day_totals) group by, for each grouping they serve. */
const dayTotalsDimension: Partial<Record<ReportGrouping, string>> = {
  project: "project",
  tag: "tag",
  source: "source",
  author: "author",
  day: "project",
  week: "project",
  month: "project",
};

/**
 * Whether the day totals answer the report exactly: a grouping they hold, no filter (they hold
 * every entry of the workspace alike), and a caller who reads every entry.
 */
function servedByDayTotals(access: Access, { group_by, author_id, project_id, tags, reference, source, q }: ReportQuery): boolean {
  return Boolean(dayTotalsDimension[group_by]) && !author_id && !project_id && !tags?.length && !reference && !source?.length && !q && readsAllEntries(access);
}

/**
 * The report's one statement: the entries of both periods along the index of the account's work
 * in time, which holds every column it adds up (prisma/schema.prisma), added up in one pass by
 * period and group, and by project where the report shows them. An entry with several tags is in each of its tags' groups, one
 * without in the group of no tag, and counts once in the totals (its first tag's row). Days, weeks and months are the buckets whose first instants the account's zone
 * gives (`width_bucket` on them): no time zone arithmetic per entry. A running entry counts the
 * time it has run so far, as stopping it now would (lib/worklog/timer.ts).
 *
 * Where the day totals serve the report (servedByDayTotals), its whole UTC days that lie inside one
 * period and one time bucket are read from them (migration 20261130000300_entry_day_totals), with
 * the running entries of those days, which they leave out; the rest of the span from the entries,
 * in the same statement: the same figures, read from about 60 rows a key rather than every entry.
 */
function selectReportRows(access: Access, query: ReportQuery, current: ReportPeriod, previous: ReportPeriod, buckets: TimeBucket[], now: Date): Promise<Row[]> {
  const groupBy = query.group_by;
  // By tag or reference, an entry is in each of its tags' (references') groups.
  const several = groupBy === "tag" || groupBy === "reference";
  const lateral: Partial<Record<ReportGrouping, string>> = {
    tag: "LEFT JOIN LATERAL unnest(CASE WHEN cardinality(e.tags) = 0 THEN ARRAY[NULL::text] ELSE e.tags END) WITH ORDINALITY AS t(tag, n) ON true",
    reference: `LEFT JOIN LATERAL (SELECT r.value->>'key', r.n FROM json_array_elements(CASE WHEN json_array_length(${column.issueReferences}) = 0 THEN '[null]'::json
      ELSE ${column.issueReferences} END) WITH ORDINALITY AS r(value, n)) AS t(tag, n) ON true`,
  };
  // The periods bound the entries below, in place of the list's from/to.
  const { where, values } = matchingEntries(access, { ...query, from: undefined, to: undefined });
  const parameter = (value: unknown) => `$${values.push(value)}`;
  const [currentStart, nowValue] = [current.start, now].map((value) => `${parameter(value)}::timestamptz`);
  const bucketStarts = timeGroupings.has(groupBy) ? `${parameter(buckets.map((bucket) => bucket.start))}::timestamptz[]` : "";
  const bucketOf = (instant: string) => `CASE WHEN ${instant} >= ${currentStart} THEN width_bucket(${instant}, ${bucketStarts})::text END`;
  // By project, the project's id is the group: no key of its own to hash.
  const keys: Record<ReportGrouping, string> = {
    project: "NULL::text",
    tag: "t.tag",
    reference: "t.tag",
    source: `${column.source}::text`,
    author: `${column.userId}::text`,
    day: "",
    week: "",
    month: "",
  };
  const key = timeGroupings.has(groupBy) ? bucketOf(column.recordedAt) : keys[groupBy];
  const entriesOf = (bounds: string, condition = "") => `SELECT ${column.projectId} AS project_id, 1 AS entries, ${column.commitCount} AS commit_count,
      ${column.recordedAt} >= ${currentStart} AS current, ${key} AS key,
      CASE WHEN ${column.runningUserId} IS NULL THEN ${column.durationSeconds}
        ELSE least(${MAX_DURATION_SECONDS}, greatest(1, round(extract(epoch FROM ${nowValue} - ${column.recordedAt}))))::int END AS duration
      ${several ? ", t.n = 1 AS first, true AS member" : ""}
    FROM ${bounds}
      ${lateral[groupBy] ?? ""}
    WHERE ${where}${condition}`;
  // Several spans: each an index range, joined to the entries (`r`), from its first instant to its
  // last millisecond (the stored precision): the end of 9999-12-31 has no instant after it to bound by.
  const spans = (list: Span[]) =>
    `unnest(${parameter(list.map((span) => span.start.toISOString()))}::timestamptz[], ${parameter(list.map((span) => new Date(span.end.getTime() - 1).toISOString()))}::timestamptz[]) AS r(lo, last)`;
  const inSpans = (list: Span[]) => `${spans(list)} JOIN worklog_entries e ON ${column.recordedAt} >= r.lo AND ${column.recordedAt} <= r.last`;
  const end = new Date(current.end.getTime() + 1);
  const parts: string[] = [];
  if (servedByDayTotals(access, query)) {
    const split = splitByWholeDays(previous.start, end, [current.start, ...buckets.map((bucket) => bucket.start)]);
    if (split.entries.length > 0) parts.push(entriesOf(inSpans(split.entries)));
    if (split.days.length > 0) {
      parts.push(entriesOf(inSpans(split.days), ` AND ${column.runningUserId} IS NOT NULL`));
      const dayStart = `(${dayTotal.day}::timestamp AT TIME ZONE 'UTC')`;
      // A key of '' stands for none: no project, no tag.
      const keyOrNull = `nullif(${dayTotal.key}, '')`;
      const totalsOf = (dimension: string, { key, first, member }: { key: string; first: boolean; member: boolean }) =>
        `SELECT ${dimension === "project" ? `${keyOrNull}::uuid` : "NULL::uuid"} AS project_id, ${dayTotal.entries} AS entries, ${dayTotal.commits} AS commit_count,
          ${dayStart} >= ${currentStart} AS current, ${key} AS key, ${dayTotal.trackedSeconds} AS duration${several ? `, ${first} AS first, ${member} AS member` : ""}
        FROM ${spans(split.days)} JOIN entry_day_totals d ON ${dayTotal.workspaceId} = ${parameter(ownerId(access))}::uuid AND ${dayTotal.dimension} = '${dimension}'
          AND ${dayTotal.day} >= (r.lo AT TIME ZONE 'UTC')::date AND ${dayTotal.day} <= (r.last AT TIME ZONE 'UTC')::date`;
      const dimension = dayTotalsDimension[groupBy]!;
      const dayKey = timeGroupings.has(groupBy) ? bucketOf(dayStart) : groupBy === "project" ? "NULL::text" : keyOrNull;
      parts.push(totalsOf(dimension, { key: dayKey, first: false, member: true }));
      // By tag, the totals count each entry once: from the days' totals by source, which are in no tag's group.
      if (several) parts.push(totalsOf("source", { key: "NULL::text", first: true, member: false }));
    }
  } else {
    parts.push(
      entriesOf(
        `worklog_entries e`,
        ` AND ${column.recordedAt} >= ${parameter(previous.start)}::timestamptz AND ${column.recordedAt} <= ${parameter(current.end)}::timestamptz`,
      ),
    );
  }
  // Every entry is in one group but by tag: the totals are the groups' sum, made by the caller.
  // By tag, the totals are a grouping set of their own, where an entry counts in its first row only.
  const sum = (expression: string) =>
    several ? `CASE WHEN GROUPING(s.key) = 1 THEN ${expression} FILTER (WHERE s.first) ELSE ${expression} FILTER (WHERE s.member) END` : expression;
  // Split by project only where the report shows projects: the groups of a project grouping, a time bucket's projects.
  const byProject = groupBy === "project" || timeGroupings.has(groupBy);
  const groups = byProject ? "s.current, s.key, s.project_id" : "s.current, s.key";
  const grouping = several ? `GROUPING SETS ((s.current), (${groups})) HAVING GROUPING(s.key) = 1 OR bool_or(s.member)` : groups;
  // By author, the author's name, read once per group.
  const author = groupBy === "author" ? { name: "u.name", join: `LEFT JOIN users u ON u.id = a.key::uuid` } : { name: "NULL::text", join: "" };
  return queryRows<Row>(
    `SELECT a.*, p.name AS "projectName", ${author.name} AS "authorName" FROM (
      SELECT ${several ? "GROUPING(s.key) = 1" : "false"} AS total, s.current, s.key, ${byProject ? "s.project_id" : "NULL::uuid"} AS "projectId",
        coalesce(${sum("sum(s.duration)")}, 0)::float8 AS "trackedSeconds", coalesce(${sum("sum(s.entries)")}, 0)::int AS entries,
        coalesce(${sum("sum(s.commit_count)")}, 0)::int AS commits
      FROM (${parts.join("\n      UNION ALL ")}) s
      GROUP BY ${grouping}) a
    LEFT JOIN projects p ON p.id = a."projectId" ${author.join}`,
    values,
  );
}

const none = (): Figures => ({ trackedSeconds: 0, entries: 0, commits: 0 });

function add(sum: Figures, { trackedSeconds, entries, commits }: Figures): void {
  sum.trackedSeconds += trackedSeconds;
  sum.entries += entries;
  sum.commits += commits;
}

/** The account's report: the filters' entries of the period and of the one before, added up (docs/api.md, "Reports"). */
export async function buildReport(access: Access, query: ReportQuery, now = new Date()): Promise<Report> {
  const { user } = access;
  const current = reportPeriod(query.from, query.to, user.timezone, now);
  const previous = previousPeriod(current, user.timezone);
  const isTimeGrouping = timeGroupings.has(query.group_by);
  const buckets = isTimeGrouping ? timeBuckets(query.group_by, current, user.timezone, user.weekStart) : [];
  const rows = await selectReportRows(access, query, current, previous, buckets, now);
  const totals = { current: none(), previous: none() };
  const groups = new Map<string | null, ReportGroup>();
  const groupOf = (key: string | null) => {
    let group = groups.get(key);
    if (!group)
      groups.set(
        key,
        (group = { key, projectName: null, authorName: null, ...none(), previous: isTimeGrouping ? null : none(), byProject: isTimeGrouping ? [] : null }),
      );
    return group;
  };
  for (const bucket of buckets) groupOf(bucket.key);
  for (const row of rows) {
    const { trackedSeconds, entries, commits } = row;
    const rowFigures = { trackedSeconds, entries, commits };
    if (row.total || (query.group_by !== "tag" && query.group_by !== "reference")) add(row.current ? totals.current : totals.previous, rowFigures);
    if (row.total) continue;
    if (isTimeGrouping && !row.current) continue;
    // A time bucket's number, from 1 (width_bucket).
    const group = groupOf(isTimeGrouping ? buckets[Number(row.key) - 1]!.key : query.group_by === "project" ? row.projectId : row.key);
    if (query.group_by === "project") group.projectName = row.projectName;
    if (query.group_by === "author") group.authorName = row.authorName;
    add(row.current ? group : group.previous!, rowFigures);
    if (group.byProject) group.byProject.push({ projectId: row.projectId, projectName: row.projectName, ...rowFigures });
  }
  const ordered = [...groups.values()];
  if (isTimeGrouping) {
    for (const group of ordered) group.byProject!.sort((a, b) => b.trackedSeconds - a.trackedSeconds || b.entries - a.entries);
  } else {
    ordered.sort((a, b) => b.trackedSeconds - a.trackedSeconds || b.entries - a.entries || (a.key ?? "").localeCompare(b.key ?? ""));
  }
  return {
    groupBy: query.group_by,
    timeZone: user.timezone,
    period: current,
    previousPeriod: previous,
    totals: totals.current,
    previousTotals: totals.previous,
    groups: ordered,
  };
}
