import { formatDay, relativeDayName } from "@/lib/formatting/time-words";
import { calendarDay } from "@/lib/time";

type Listed = { id: string; recorded_at: string };

/**
 * The order of the work, as the entries list is ordered (docs/api.md, "Pagination"): most
 * recently recorded first, then the greater id. Timestamps are ISO strings in UTC and ids
 * lower-case UUIDs, so comparing the strings compares what they stand for.
 */
export function byMostRecentWork(a: Listed, b: Listed): number {
  return descending(a.recorded_at, b.recorded_at) || descending(a.id, b.id);
}

function descending(a: string, b: string): number {
  return a === b ? 0 : a > b ? -1 : 1;
}

export type DayOfEntries<Entry> = { day: string; entries: Entry[] };

/** Entries in the order of the work, in runs of one calendar day (YYYY-MM-DD) of `timeZone` each. */
export function groupByDay<Entry extends Listed>(entries: readonly Entry[], timeZone: string): DayOfEntries<Entry>[] {
  const days: DayOfEntries<Entry>[] = [];
  for (const entry of entries) {
    const day = calendarDay(new Date(entry.recorded_at), timeZone);
    const current = days.at(-1);
    if (current?.day === day) current.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}

/**
 * What a day's heading says: "Today", "Yesterday" or "Tomorrow" with the date beside it,
 * otherwise the date, e.g. "Tue 17 Nov", with its year when that is not `today`'s.
 */
export function dayHeading(day: string, today: string): { name: string; date?: string } {
  const date = formatDay(day, { withYear: day.slice(0, 4) !== today.slice(0, 4) });
  const relative = relativeDayName(day, today);
  return relative ? { name: relative, date } : { name: date };
}

/** The id of an entry's element in the worklog, a link's fragment. */
export const entryAnchor = (id: string) => `entry-${id}`;

/**
 * Where the worklog shows an entry: the entries of its calendar day in `timeZone` (the list's
 * `from` and `to` filters, as app/page.tsx reads them), scrolled to the entry.
 */
export function entryWorklogPath(entry: { id: string; recordedAt: Date }, timeZone: string): string {
  const day = calendarDay(entry.recordedAt, timeZone);
  return `/?from=${day}&to=${day}#${entryAnchor(entry.id)}`;
}

/**
 * Where a link to an entry (`/?entry=<id>`, e.g. a recap's citation) leads once the entry is
 * found: the entries of its calendar day in `timeZone`, that one highlighted.
 */
export function linkedEntryPath(entry: { id: string; recordedAt: Date }, timeZone: string): string {
  const day = calendarDay(entry.recordedAt, timeZone);
  return `/?from=${day}&to=${day}&entry=${entry.id}`;
}
