import "server-only";
import { getDb } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/queue";
import { wakeJobWorker } from "@/lib/jobs/worker";
import { REFRESH_INTERVAL_MS, calendarRefresh } from "./refresh-job";

/** Subscriptions looked at per scan. */
const SCAN_LIMIT = 500;

/**
 * Enqueues the refresh of each subscribed calendar whose hour has come (docs/api.md, "Calendar
 * subscriptions"): its next time moved an hour on in the transaction that enqueues it, the rows
 * locked and skipped by a scan at once, so that a calendar is fetched at most hourly.
 */
export async function refreshDueCalendars(now = new Date()): Promise<{ enqueued: number }> {
  const enqueued = await getDb().$transaction(async (tx) => {
    const due = await tx.$queryRawUnsafe<{ id: string; user_id: string; workspace_id: string }[]>(
      `UPDATE calendar_subscriptions SET next_fetch_at = $1::timestamptz
        WHERE id IN (SELECT id FROM calendar_subscriptions WHERE next_fetch_at <= $2::timestamptz ORDER BY next_fetch_at LIMIT ${SCAN_LIMIT} FOR UPDATE SKIP LOCKED)
        RETURNING id, user_id, workspace_id`,
      new Date(now.getTime() + REFRESH_INTERVAL_MS),
      now,
    );
    for (const row of due) {
      await enqueueJob(
        calendarRefresh,
        { subscription_id: row.id },
        { tx, owner: row.workspace_id, actingFor: { userId: row.user_id, workspaceId: row.workspace_id } },
      );
    }
    return due.length;
  });
  if (enqueued > 0) wakeJobWorker();
  return { enqueued };
}
