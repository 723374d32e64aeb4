import { owned, type Access } from "@/lib/access/context";
import { getDb } from "@/lib/db/client";
import { nextRunAt, type ScheduleTimes } from "./next-run";

/** When a schedule runs next after `now`; null while it is disabled. */
export function nextRun(schedule: ScheduleTimes & { enabled: boolean }, timeZone: string, now: Date): Date | null {
  return schedule.enabled ? (nextRunAt(schedule, timeZone, now) ?? null) : null;
}

/** The next runs of the account's enabled schedules, at their times in its (new) time zone. */
export async function rescheduleAccount(access: Access, timeZone: string, now = new Date()): Promise<void> {
  const db = getDb();
  const schedules = await db.recapSchedule.findMany({ where: { ...owned(access), enabled: true } });
  for (const schedule of schedules) {
    await db.recapSchedule.update({ where: { id: schedule.id }, data: { nextRunAt: nextRun(schedule, timeZone, now) } });
  }
}
