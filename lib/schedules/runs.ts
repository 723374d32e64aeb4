import "server-only";
import { ownerId, type Access } from "@/lib/access/context";
import { getDb } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/queue";
import type { Clock } from "@/lib/jobs/sql";
import { runJobSoon } from "@/lib/jobs/soon";
import { wakeJobWorker } from "@/lib/jobs/worker";
import { nextRun } from "./reschedule";
import { scheduleRun } from "./run-job";
import { getSchedule } from "./schedules";

/** Due schedules started per scan; the rest wait for the next one. */
const SCAN_LIMIT = 100;

/**
 * Starts a run of every enabled schedule whose time has come (`next_run_at` at or before now):
 * each is claimed by moving its `next_run_at` to its following run with a compare-and-set on
 * the value read, in the transaction that enqueues its run, so that two scans at once (two
 * processes, or a worker and the cron route) never start one run twice. A schedule whose time
 * passed while nothing scanned runs once, for the time it missed. The worker's scanner and the
 * cron route call this; tests call it with a clock.
 */
export async function runDueSchedules(clock: Clock = () => new Date()): Promise<{ started: number }> {
  const db = getDb();
  const now = clock();
  const due = await db.recapSchedule.findMany({
    where: { enabled: true, nextRunAt: { lte: now } },
    include: { user: { select: { timezone: true } } },
    orderBy: { nextRunAt: "asc" },
    take: SCAN_LIMIT,
  });
  let started = 0;
  for (const schedule of due) {
    const claimed = await db.$transaction(async (tx) => {
      const { count } = await tx.recapSchedule.updateMany({
        where: { id: schedule.id, enabled: true, nextRunAt: schedule.nextRunAt },
        data: { nextRunAt: nextRun(schedule, schedule.user.timezone, now), lastRunAt: now, lastRunStatus: "running", lastRunError: null },
      });
      if (count === 0) return false;
      await enqueueJob(scheduleRun, { schedule_id: schedule.id, run_at: schedule.nextRunAt!.toISOString() }, { tx, owner: schedule.workspaceId });
      return true;
    });
    if (claimed) started++;
  }
  if (started > 0) wakeJobWorker();
  return { started };
}

/** "Run now": a run for this instant, whatever the schedule's days and time, enabled or not; its next run stays. */
export async function runScheduleNow(access: Access, id: string, now = new Date()) {
  const { schedule, jobId } = await getDb().$transaction(async (tx) => {
    const own = await getSchedule(access, id, tx);
    const updated = await tx.recapSchedule.update({ where: { id: own.id }, data: { lastRunAt: now, lastRunStatus: "running", lastRunError: null } });
    const { id: queued } = await enqueueJob(scheduleRun, { schedule_id: own.id, run_at: now.toISOString() }, { tx, owner: ownerId(access) });
    return { schedule: updated, jobId: queued };
  });
  runJobSoon(scheduleRun, jobId);
  return schedule;
}
