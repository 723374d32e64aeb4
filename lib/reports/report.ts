import type { User, WorklogEntry } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { addDays, calendarDay, weekOf } from "@/lib/time";
import { matchingEntries } from "@/lib/worklog/entry-sql";
import { MAX_DURATION_SECONDS } from "@/lib/worklog/timer";
import { previousPeriod, reportPeriod, type ReportPeriod } from "./period";
import type { ReportGrouping, ReportQuery } from "./schemas";

/** What a report adds up: for the period, the previous one, and each group. */
export type Figures = { trackedSeconds: number; entries: number; commits: number };

/** One project's part of a day, week or month. */
export type ProjectFigures = Figures & { projectId: string | null; projectName: string | null };

export type ReportGroup = Figures & {
  /** The project's id (null: no project), the tag (null: no tag), the source, or the day, week's first day or month. */
  key: string | null;
  /** The project's name, when grouping by project. */
  projectName: string | null;
  /** The group's figures in the previous period: grouping by project, tag or source only. */
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
  id: "e.id",
  projectId: "e.project_id",
  tags: "e.tags",
  source: "e.source",
  durationSeconds: "e.duration_seconds",
  recordedAt: "e.recorded_at",
  runningUserId: "e.running_user_id",
} satisfies Partial<Record<keyof WorklogEntry, string>>;

/** The group an entry falls in, as text, over the CTE `selected` (`local` is its time in the account's zone). */
function groupKey(groupBy: ReportGrouping, weekStart: User["weekStart"]): string {
  switch (groupBy) {
    case "project":
      return "s.project_id::text";
    case "tag":
      return "t.tag";
    case "source":
      return "s.source::text";
    case "day":
      return "to_char(s.local, 'YYYY-MM-DD')";
    case "week":
      return weekStart === "monday" ? "to_char(date_trunc('week', s.local), 'YYYY-MM-DD')" : "to_char(s.local::date - extract(dow FROM s.local)::int, 'YYYY-MM-DD')";
    case "month":
      return "to_char(s.local, 'YYYY-MM')";
  }
}

type Row = Figures & { level: "total" | "group"; current: boolean; key: string | null; projectId: string | null; projectName: string | null };

const figures = `coalesce(sum(s.duration_seconds), 0)::float8 AS "trackedSeconds", count(*)::int AS entries, coalesce(sum(s.commits), 0)::int AS commits`;

/**
 * The report's one statement: the entries of both periods, read along the index of the account's
 * work in time (`user_id, recorded_at`), each with the number of its commits, then added up twice:
 * by period (the totals, where an entry counts once) and by period, group and project. An entry
 * with several tags is in each of its tags' groups; one without is in the group of no tag. A
 * running entry counts the time it has run so far, as stopping it now would (lib/worklog/timer.ts).
 */
function selectReportRows(user: User, query: ReportQuery, current: ReportPeriod, previous: ReportPeriod, now: Date): Promise<Row[]> {
  const groupBy = query.group_by;
  // The period bounds both periods' entries below, in place of the list's from/to.
  const { where, values } = matchingEntries(user, { ...query, from: undefined, to: undefined });
  values.push(previous.start, current.end, current.start, user.timezone, now);
  const [start, end, currentStart, timeZone, nowValue] = [4, 3, 2, 1, 0].map((back) => `$${values.length - back}`);
  const tags = groupBy === "tag" ? "LEFT JOIN LATERAL unnest(CASE WHEN cardinality(s.tags) = 0 THEN ARRAY[NULL::text] ELSE s.tags END) AS t(tag) ON true" : "";
  return queryRows<Row>(
    `WITH selected AS (
      SELECT ${column.projectId} AS project_id, p.name AS project_name, ${column.tags} AS tags, ${column.source} AS source,
        CASE WHEN ${column.runningUserId} IS NULL THEN ${column.durationSeconds}
          ELSE least(${MAX_DURATION_SECONDS}, greatest(1, round(extract(epoch FROM ${nowValue}::timestamptz - ${column.recordedAt}))))::int END AS duration_seconds, ${column.recordedAt} >= ${currentStart}::timestamptz AS current,
        ${column.recordedAt} AT TIME ZONE ${timeZone}::text AS local,
        (SELECT count(*) FROM worklog_entry_commits c WHERE c.entry_id = ${column.id}) AS commits
      FROM worklog_entries e LEFT JOIN projects p ON p.id = ${column.projectId}
      WHERE ${where} AND ${column.recordedAt} >= ${start}::timestamptz AND ${column.recordedAt} <= ${end}::timestamptz)
    SELECT 'total' AS level, s.current, NULL AS key, NULL AS "projectId", NULL AS "projectName", ${figures}
      FROM selected s GROUP BY s.current
    UNION ALL
    SELECT 'group', s.current, ${groupKey(groupBy, user.weekStart)}, s.project_id::text, max(s.project_name), ${figures}
      FROM selected s ${tags} GROUP BY 2, 3, 4`,
    values,
  );
}

const none = (): Figures => ({ trackedSeconds: 0, entries: 0, commits: 0 });

function add(sum: Figures, { trackedSeconds, entries, commits }: Figures): void {
  sum.trackedSeconds += trackedSeconds;
  sum.entries += entries;
  sum.commits += commits;
}

/** Each group's key in the period, in order, with those without entries: days, weeks' first days or months. */
function timeKeys(groupBy: ReportGrouping, period: ReportPeriod, timeZone: string, weekStart: User["weekStart"]): string[] {
  const first = period.from.kind === "day" ? period.from.date : calendarDay(period.start, timeZone);
  const last = period.to.kind === "day" ? period.to.date : calendarDay(period.end, timeZone);
  const keys: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const key = groupBy === "day" ? day : groupBy === "month" ? day.slice(0, 7) : weekOf(day, weekStart)[0]!;
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

/** The account's report: the filters' entries of the period and of the one before, added up (docs/api.md, "Reports"). */
export async function buildReport(user: User, query: ReportQuery, now = new Date()): Promise<Report> {
  const current = reportPeriod(query.from, query.to, user.timezone, now);
  const previous = previousPeriod(current, user.timezone);
  const rows = await selectReportRows(user, query, current, previous, now);
  const totals = { current: none(), previous: none() };
  const groups = new Map<string | null, ReportGroup>();
  const isTimeGrouping = timeGroupings.has(query.group_by);
  const groupOf = (key: string | null) => {
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, projectName: null, ...none(), previous: isTimeGrouping ? null : none(), byProject: isTimeGrouping ? [] : null }));
    return group;
  };
  if (isTimeGrouping) for (const key of timeKeys(query.group_by, current, user.timezone, user.weekStart)) groupOf(key);
  for (const row of rows) {
    const { trackedSeconds, entries, commits } = row;
    const rowFigures = { trackedSeconds, entries, commits };
    if (row.level === "total") {
      add(row.current ? totals.current : totals.previous, rowFigures);
      continue;
    }
    if (isTimeGrouping && !row.current) continue;
    const group = groupOf(row.key);
    if (query.group_by === "project") group.projectName = row.projectName;
    add(row.current ? group : group.previous!, rowFigures);
    if (group.byProject) group.byProject.push({ projectId: row.projectId, projectName: row.projectName, ...rowFigures });
  }
  const ordered = [...groups.values()];
  if (isTimeGrouping) {
    ordered.sort((a, b) => (a.key! < b.key! ? -1 : 1));
    for (const group of ordered) group.byProject!.sort((a, b) => b.trackedSeconds - a.trackedSeconds || b.entries - a.entries);
  } else {
    ordered.sort((a, b) => b.trackedSeconds - a.trackedSeconds || b.entries - a.entries || (a.key ?? "").localeCompare(b.key ?? ""));
  }
  return { groupBy: query.group_by, timeZone: user.timezone, period: current, previousPeriod: previous, totals: totals.current, previousTotals: totals.previous, groups: ordered };
}
