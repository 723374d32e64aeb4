import { calendarDay, startOfDay, weekOf } from "@/lib/time";

/** The days, Monday to Sunday, of the current week in a time zone, and the instant it began. */
export function currentWeek(timeZone: string, now = new Date()): { days: string[]; start: Date } {
  const days = weekOf(calendarDay(now, timeZone));
  return { days, start: startOfDay(days[0]!, timeZone) };
}
