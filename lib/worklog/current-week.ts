import { calendarDay, startOfDay, weekOf, type WeekStart } from "@/lib/time";

/** The days of the current week in a time zone, from the account's first day of the week, and the instant it began. */
export function currentWeek(timeZone: string, weekStart: WeekStart, now = new Date()): { days: string[]; start: Date } {
  const days = weekOf(calendarDay(now, timeZone), weekStart);
  return { days, start: startOfDay(days[0]!, timeZone) };
}
