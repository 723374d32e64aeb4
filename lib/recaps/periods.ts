import { addDays, weekOf, type WeekStart } from "@/lib/time";

/** A range of whole calendar days (YYYY-MM-DD, both included) the recap form offers in one click. */
export type RecapPeriod = { label: string; from: string; to: string };

/**
 * Today, yesterday, this week so far, last week (weeks begin on the account's first day of the
 * week) and the last 30 days, today included.
 */
export function recapPeriods(today: string, weekStart: WeekStart): RecapPeriod[] {
  const yesterday = addDays(today, -1);
  const thisWeek = weekOf(today, weekStart);
  const lastWeek = weekOf(addDays(thisWeek[0]!, -1), weekStart);
  return [
    { label: "Today", from: today, to: today },
    { label: "Yesterday", from: yesterday, to: yesterday },
    { label: "This week", from: thisWeek[0]!, to: today },
    { label: "Last week", from: lastWeek[0]!, to: lastWeek[6]! },
    { label: "Last 30 days", from: addDays(today, -29), to: today },
  ];
}
