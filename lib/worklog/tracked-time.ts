import type { Access } from "@/lib/access/context";
import { calendarDay, rangeEnd, rangeStart } from "@/lib/time";
import { selectTimedEntries } from "./entry-sql";
import type { EntryListFilters } from "./schemas";

export type DailyProjectTotal = { day: string; projectId: string | null; seconds: number };

/**
 * The seconds tracked on the calendar days (YYYY-MM-DD, in the account's time zone) from
 * `firstDay` to `lastDay`, per day and project (null: no project), among the entries the filters
 * select (the same selection as the list's): one query, summed by day here.
 */
async function trackedTime(access: Access, firstDay: string, lastDay: string, filters: EntryListFilters): Promise<DailyProjectTotal[]> {
  const { timezone } = access.user;
  const entries = await selectTimedEntries(
    access,
    filters,
    rangeStart({ kind: "day", date: firstDay }, timezone),
    rangeEnd({ kind: "day", date: lastDay }, timezone),
  );
  const totals = new Map<string, DailyProjectTotal>();
  for (const entry of entries) {
    const day = calendarDay(entry.recordedAt, timezone);
    const key = `${day} ${entry.projectId}`;
    const total = totals.get(key) ?? { day, projectId: entry.projectId, seconds: 0 };
    total.seconds += entry.durationSeconds ?? 0;
    totals.set(key, total);
  }
  return [...totals.values()].sort((a, b) => a.day.localeCompare(b.day) || String(a.projectId).localeCompare(String(b.projectId)));
}

/**
 * The seconds tracked on each of `days` (consecutive calendar days in the account's time zone),
 * per project (null: no project), for the days and projects that have any.
 */
export async function dailyTotals(access: Access, days: string[]): Promise<DailyProjectTotal[]> {
  const first = days[0];
  const last = days.at(-1);
  return first && last ? trackedTime(access, first, last, {}) : [];
}

export type DayTotal = { day: string; seconds: number };

/**
 * The whole time tracked on each of `days` (calendar days in the account's time zone, in any
 * order) by the entries the filters select, for the days that have any. One query reads the
 * range from the earliest day to the latest: for the days of a page of entries in the order of
 * the work, that range holds no other day with entries, and it counts all of the days at the
 * page's edges, which the page may cut in two.
 */
export async function dayTotals(access: Access, days: string[], filters: EntryListFilters): Promise<DayTotal[]> {
  const sorted = [...new Set(days)].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  if (!first || !last) return [];
  const wanted = new Set(sorted);
  const totals = new Map<string, number>();
  for (const { day, seconds } of await trackedTime(access, first, last, filters)) {
    if (wanted.has(day)) totals.set(day, (totals.get(day) ?? 0) + seconds);
  }
  return [...totals].map(([day, seconds]) => ({ day, seconds }));
}
