import { formatDuration } from "@/components/formatting/format";
import type { ChartBucket, DayRange } from "@/lib/reports/presets";

const utcNoon = (day: string) => new Date(`${day}T12:00:00Z`);
const format = (day: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en", { ...options, timeZone: "UTC" }).format(utcNoon(day));

/** A period as "Nov 2 – 8, 2026". */
export function formatDays({ from, to }: DayRange): string {
  return new Intl.DateTimeFormat("en", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).formatRange(utcNoon(from), utcNoon(to));
}

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
      return {
        lines: [format(key, { weekday: "short" }), format(key, { day: "numeric" })],
        full: format(key, { weekday: "short", month: "short", day: "numeric" }),
      };
    case "week":
      return { lines: [format(key, { month: "short" }), format(key, { day: "numeric" })], full: `Week of ${format(key, { month: "short", day: "numeric" })}` };
    case "month": {
      const day = `${key}-01`;
      const year = first || key.endsWith("-01") ? format(day, { year: "numeric" }) : "";
      return { lines: [format(day, { month: "short" }), year], full: format(day, { month: "long", year: "numeric" }) };
    }
  }
}
