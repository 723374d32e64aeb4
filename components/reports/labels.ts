import { formatDate, formatDay, formatDayOfMonth, formatDayRange, formatDuration, formatMonth, formatWeekday } from "@/lib/formatting/time-words";
import type { ChartBucket, DayRange } from "@/lib/reports/presets";

/** A period as "2–8 Nov 2026". */
export const formatDays = ({ from, to }: DayRange): string => formatDayRange(from, to);

/** A part of the period's time, as "45%"; "<1%" for a sliver. */
export function formatShare(share: number): string {
  return share > 0 && share < 0.005 ? "<1%" : `${Math.round(share * 100)}%`;
}

const minus = "\u2212";

/**
 * The change of a figure against the previous period, a time unless told: "+2 h 10 min (+25%)",
 * "−15 min (−15%)", "+1 h (new)", "No change"; with `String`, "+3 (+20%)".
 */
export function formatChange(current: number, previous: number, format: (amount: number) => string = formatDuration): string {
  const change = current - previous;
  if (change === 0) return "No change";
  const sign = change > 0 ? "+" : minus;
  const percent = previous === 0 ? "new" : `${sign}${Math.round((Math.abs(change) / previous) * 100)}%`;
  return `${sign}${format(Math.abs(change))} (${percent})`;
}

/**
 * A bar's labels: two short lines under it (weekday and day, month and day of a week's first
 * day, month and, for the first bar and each January, year) and the whole date they stand for.
 */
export function bucketLabels(key: string, bucket: ChartBucket, first: boolean): { lines: [string, string]; full: string } {
  switch (bucket) {
    case "day":
      return { lines: [formatWeekday(key), formatDayOfMonth(key)], full: formatDay(key) };
    case "week":
      return { lines: [formatMonth(key.slice(0, 7), { short: true }), formatDayOfMonth(key)], full: `Week of ${formatDate(key, { withYear: false })}` };
    case "month": {
      const year = first || key.endsWith("-01") ? key.slice(0, 4) : "";
      return { lines: [formatMonth(key, { short: true }), year], full: formatMonth(key) };
    }
  }
}
