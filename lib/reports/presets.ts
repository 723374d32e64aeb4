import { addDays, dayCount, lastDayOfMonth, weekOf, type WeekStart } from "@/lib/time";

/** A range of whole calendar days (YYYY-MM-DD, both included). */
export type DayRange = { from: string; to: string };

/** The periods the reports page offers in one click; each is a whole week, month or year. */
export const reportPresets = ["this-week", "last-week", "this-month", "last-month", "this-year"] as const;
export type ReportPreset = (typeof reportPresets)[number];

export const defaultPreset: ReportPreset = "this-week";

export const presetLabels: Record<ReportPreset | "custom", string> = {
  "this-week": "This week",
  "last-week": "Last week",
  "this-month": "This month",
  "last-month": "Last month",
  "this-year": "This year",
  custom: "Custom",
};

/**
 * A preset's days around `today` (a day of the account's time zone), with weeks from the
 * account's first day of the week. Whole periods, days still to come included, so that the
 * change against the previous period compares a week with the week before.
 */
export function presetPeriod(preset: ReportPreset, today: string, weekStart: WeekStart): DayRange {
  const month = today.slice(0, 7);
  switch (preset) {
    case "this-week":
    case "last-week": {
      const days = weekOf(preset === "this-week" ? today : addDays(today, -7), weekStart);
      return { from: days[0]!, to: days.at(-1)! };
    }
    case "this-month":
      return { from: `${month}-01`, to: lastDayOfMonth(month) };
    case "last-month": {
      const last = addDays(`${month}-01`, -1);
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
    case "this-year":
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
  }
}

/** How the chart splits a period into bars. */
export type ChartBucket = "day" | "week" | "month";

/** Days up to a month, weeks up to 26 of them, months beyond: a few dozen bars at most but for long custom periods. */
export function chartBucket(period: DayRange): ChartBucket {
  const days = dayCount(period.from, period.to);
  return days <= 31 ? "day" : days <= 26 * 7 ? "week" : "month";
}

/** The days of the period that a bar stands for: its day, or its week's or month's days inside the period. */
export function bucketDays(key: string, bucket: ChartBucket, period: DayRange): DayRange {
  const [first, last] = bucket === "day" ? [key, key] : bucket === "week" ? [key, addDays(key, 6)] : [`${key}-01`, lastDayOfMonth(key)];
  return { from: first < period.from ? period.from : first, to: last > period.to ? period.to : last };
}
