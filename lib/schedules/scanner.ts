import "server-only";
import { refreshDueCalendars } from "@/lib/calendar/refresh-scan";
import { remindDueMembers } from "@/lib/reminders/scan";
import { runDueSchedules } from "./runs";

/** How often the server looks for due schedules: a schedule's minute is kept to within this. */
const SCAN_INTERVAL_MS = 30_000;

/** A failure to scan is logged once a minute while it lasts. */
const FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * Starts due schedules, sends due standup reminders (lib/reminders/scan.ts) and enqueues due calendar refreshes (lib/calendar/refresh-scan.ts), beside the job worker (lib/server/startup.ts) every 30 s; their runs go
 * through the queue. On Vercel, where nothing runs between requests, the cron route scans instead.
 */
export function startScheduleScanner(): void {
  let lastFailureLoggedAt = 0;
  const scan = async () => {
    try {
      await runDueSchedules();
      await remindDueMembers();
      await refreshDueCalendars();
    } catch (error) {
      if (Date.now() - lastFailureLoggedAt >= FAILURE_LOG_INTERVAL_MS) {
        lastFailureLoggedAt = Date.now();
        console.error("[schedules] could not look for due schedules:", error instanceof Error ? error.message : error);
      }
    }
    setTimeout(scan, SCAN_INTERVAL_MS).unref();
  };
  setTimeout(scan, 0).unref();
}
