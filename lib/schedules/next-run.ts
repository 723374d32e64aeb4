import { addDays, calendarDay, instantOf, wallClock } from "@/lib/time";

/** When a schedule runs: days of the week (0 for Sunday to 6 for Saturday) and a wall-clock time (HH:MM). */
export type ScheduleTimes = { weekdays: readonly number[]; localTime: string };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instant `localTime` shows on `day` in the zone; on a day whose clocks skip it (DST), as long after the jump as it is after the hour skipped. */
function instantOn(day: string, localTime: string, timeZone: string): Date {
  const instant = instantOf(`${day}T${localTime}`, timeZone);
  const shown = wallClock(instant, timeZone);
  if (shown.slice(0, 10) !== day || shown.slice(11) === localTime) return instant;
  return new Date(instant.getTime() + (minutesOf(localTime) - minutesOf(shown.slice(11))) * 60_000);
}

/**
 * The first instant after `after` at which the schedule runs: its time on the next of its days,
 * in the time zone, whatever the offset that day (DST). A time the clocks skip runs once, just
 * after the jump (02:30 on a day that jumps from 02:00 to 03:00 runs at 03:30); a time they show
 * twice runs once, the first time. Undefined without days.
 */
export function nextRunAt({ weekdays, localTime }: ScheduleTimes, timeZone: string, after: Date): Date | undefined {
  if (weekdays.length === 0) return undefined;
  const first = calendarDay(after, timeZone);
  for (let offset = 0; offset <= 7; offset++) {
    const day = addDays(first, offset);
    if (!weekdays.includes(new Date(`${day}T00:00:00.000Z`).getUTCDay())) continue;
    const instant = instantOn(day, localTime, timeZone);
    if (instant > after) return instant;
  }
  return undefined;
}
