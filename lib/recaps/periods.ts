import { addDays, weekOf, type WeekStart } from "@/lib/time";

export const recapPeriodIds = ["today", "yesterday", "this_week", "last_week", "last_30_days"] as const;
export type RecapPeriodId = (typeof recapPeriodIds)[number];

/** A range of whole calendar days (YYYY-MM-DD, both included) the recap form offers in one click, and a schedule recaps. */
export type RecapPeriod = { id: RecapPeriodId; label: string; from: string; to: string };

/**
 * Today, yesterday, this week so far, last week (weeks begin on the account's first day of the
 * week) and the last 30 days, today included.
 */
export function recapPeriods(today: string, weekStart: WeekStart): RecapPeriod[] {
  const yesterday = addDays(today, -1);
  const thisWeek = weekOf(today, weekStart);
  const lastWeek = weekOf(addDays(thisWeek[0]!, -1), weekStart);
  return [
    { id: "today", label: "Today", from: today, to: today },
    { id: "yesterday", label: "Yesterday", from: yesterday, to: yesterday },
    { id: "this_week", label: "This week", from: thisWeek[0]!, to: today },
    { id: "last_week", label: "Last week", from: lastWeek[0]!, to: lastWeek[6]! },
    { id: "last_30_days", label: "Last 30 days", from: addDays(today, -29), to: today },
  ];
}

/** The period of that id, as of `today`. */
export function recapPeriod(id: RecapPeriodId, today: string, weekStart: WeekStart): RecapPeriod {
  return recapPeriods(today, weekStart).find((period) => period.id === id)!;
}

/** The last working day (Monday to Friday) before `day`: the Friday before a Monday, a Saturday or a Sunday. */
export function lastWorkingDayBefore(day: string): string {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return addDays(day, weekday === 1 ? -3 : weekday === 0 ? -2 : -1);
}
