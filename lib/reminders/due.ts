import { calendarDay, wallClock } from "@/lib/time";

/** A membership's reminder as stored. */
export type ReminderSetting = { remindStandup: boolean; remindAt: string | null; remindCheckedOn: string | null };

/** Monday to Friday. */
const isWorkingDay = (day: string) => {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5;
};

/**
 * The user's day whose reminder time has come at `now` and was not yet looked at: the reminder
 * is on, today is a working day in `timeZone`, its wall clock is at or after `remindAt`, and no
 * reminder was looked at today. Undefined otherwise. Whether the member is silent is asked apart
 * (silence.ts): that is the database's.
 */
export function reminderDayAt(setting: ReminderSetting, timeZone: string, now: Date): string | undefined {
  if (!setting.remindStandup || !setting.remindAt) return undefined;
  const clock = wallClock(now, timeZone);
  const today = calendarDay(now, timeZone);
  if (!isWorkingDay(today) || clock.slice(11) < setting.remindAt) return undefined;
  if (setting.remindCheckedOn !== null && setting.remindCheckedOn >= today) return undefined;
  return today;
}
