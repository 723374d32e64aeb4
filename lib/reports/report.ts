import type { Access } from "@/lib/access/context";
import type { User, WorklogEntry } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { addDays, calendarDay, dayCount, startOfDay, weekOf } from "@/lib/time";
import { matchingEntries } from "@/lib/worklog/entry-sql";
import { MAX_DURATION_SECONDS } from "@/lib/worklog/timer";
import { previousPeriod, reportPeriod, type ReportPeriod } from "./period";
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

/**
 * The report's one statement: the entries of both periods along the index of the account's work
 * in time, which holds every column it adds up (prisma/schema.prisma), added up in one pass by
 * period and group, and by project where the report shows them. An entry with several tags is in each of its tags' groups, one
 * without in the group of no tag, and counts once in the totals (its first tag's row). Days, weeks and months are the buckets whose first instants the account's zone
 * gives (`width_bucket` on them): no time zone arithmetic per entry. A running entry counts the
 * time it has run so far, as stopping it now would (lib/worklog/timer.ts).
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
  const [start, end, currentStart, nowValue] = [previous.start, current.end, current.start, now].map((value) => `${parameter(value)}::timestamptz`);
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
  const key = timeGroupings.has(groupBy)
    ? `CASE WHEN ${column.recordedAt} >= ${currentStart} THEN width_bucket(${column.recordedAt}, ${parameter(buckets.map((bucket) => bucket.start))}::timestamptz[])::text END`
    : keys[groupBy];
  const entries = `SELECT ${column.projectId} AS project_id, ${column.commitCount} AS commit_count, ${column.recordedAt} >= ${currentStart} AS current, ${key} AS key,
      CASE WHEN ${column.runningUserId} IS NULL THEN ${column.durationSeconds}
        ELSE least(${MAX_DURATION_SECONDS}, greatest(1, round(extract(epoch FROM ${nowValue} - ${column.recordedAt}))))::int END AS duration
      ${several ? ", t.n = 1 AS first" : ""}
    FROM worklog_entries e
      ${lateral[groupBy] ?? ""}
    WHERE ${where} AND ${column.recordedAt} >= ${start} AND ${column.recordedAt} <= ${end}`;
  // Every entry is in one group but by tag: the totals are the groups' sum, made by the caller.
  // By tag, the totals are a grouping set of their own, where an entry counts in its first row only.
  const sum = (expression: string) => (several ? `CASE WHEN GROUPING(s.key) = 1 THEN ${expression} FILTER (WHERE s.first) ELSE ${expression} END` : expression);
  // Split by project only where the report shows projects: the groups of a project grouping, a time bucket's projects.
  const byProject = groupBy === "project" || timeGroupings.has(groupBy);
  const groups = byProject ? "s.current, s.key, s.project_id" : "s.current, s.key";
  const grouping = several ? `GROUPING SETS ((s.current), (${groups}))` : groups;
  // By author, the author's name, read once per group.
  const author = groupBy === "author" ? { name: "u.name", join: `LEFT JOIN users u ON u.id = a.key::uuid` } : { name: "NULL::text", join: "" };
  return queryRows<Row>(
    `SELECT a.*, p.name AS "projectName", ${author.name} AS "authorName" FROM (
      SELECT ${several ? "GROUPING(s.key) = 1" : "false"} AS total, s.current, s.key, ${byProject ? "s.project_id" : "NULL::uuid"} AS "projectId",
        coalesce(${sum("sum(s.duration)")}, 0)::float8 AS "trackedSeconds", ${sum("count(*)")}::int AS entries,
        coalesce(${sum("sum(s.commit_count)")}, 0)::int AS commits
      FROM (${entries}) s
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
