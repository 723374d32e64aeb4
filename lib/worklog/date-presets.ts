import { presetPeriod, type DayRange } from "@/lib/reports/presets";
import { addDays, calendarDay, type WeekStart } from "@/lib/time";

/** The periods the worklog's date filter offers in one pick. */
export const datePresets = ["today", "yesterday", "this-week", "last-week", "this-month", "last-month", "last-30-days"] as const;
export type DatePreset = (typeof datePresets)[number];

export const datePresetLabels: Record<DatePreset, string> = {
  today: "Today",
  yesterday: "Yesterday",
  "this-week": "This week",
  "last-week": "Last week",
  "this-month": "This month",
  "last-month": "Last month",
  "last-30-days": "Last 30 days",
};

/**
 * A preset's days at `now` in the account's time zone, weeks from its first day of the week
 * (whole weeks and months, as the reports' presets: lib/reports/presets.ts); the last 30 days end today.
 */
export function datePresetRange(preset: DatePreset, now: Date, timeZone: string, weekStart: WeekStart): DayRange {
  const today = calendarDay(now, timeZone);
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case "last-30-days":
      return { from: addDays(today, -29), to: today };
    default:
      return presetPeriod(preset, today, weekStart);
  }
}

/** The preset whose days `from` and `to` are at `now`, if any: the picker shows it chosen. */
export function matchingDatePreset(range: { from?: string; to?: string }, now: Date, timeZone: string, weekStart: WeekStart): DatePreset | undefined {
  return datePresets.find((preset) => {
    const days = datePresetRange(preset, now, timeZone, weekStart);
    return days.from === range.from && days.to === range.to;
  });
}
