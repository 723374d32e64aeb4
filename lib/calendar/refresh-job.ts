import "server-only";
import { z } from "zod";
import { createdBy, ownerId } from "@/lib/access/context";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { queryRows } from "@/lib/db/sql";
import { storableText } from "@/lib/db/storable-text";
import { defineJobKind, type JobContext } from "@/lib/jobs/job-kind";
import { calendarOccurrences, type CalendarEventOccurrence } from "./calendar-events";
import { CalendarFetchError, fetchCalendar } from "./fetch-feed";

// The refresh of a subscribed calendar (docs/api.md, "Calendar subscriptions"): fetched, read, and
// its past events stored, at most hourly (refresh-scan.ts enqueues it).

/** A calendar is fetched at most this often. */
export const REFRESH_INTERVAL_MS = 3_600_000;

/** The past whose events are kept: as far back as the suggestions read (92 days). */
export const KEPT_PAST_MS = 92 * 86_400_000;

export const calendarRefreshPayload = z.object({ subscription_id: z.uuid() });
export type CalendarRefreshPayload = z.output<typeof calendarRefreshPayload>;

/**
 * Stores the occurrences of the subscription ($1) in one statement: each upserted by (subscription,
 * UID, start), so that a refresh run again stores nothing twice; those of the window ($5 on) that
 * are gone from the calendar, unless logged or dismissed, removed; the subscription's fetch noted.
 */
const storeStatement = `WITH incoming AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS i(id uuid, uid text, title text, starts_at timestamptz, ends_at timestamptz)),
  upserted AS (INSERT INTO calendar_events (id, subscription_id, user_id, workspace_id, uid, title, starts_at, ends_at)
    SELECT i.id, $1::uuid, $3::uuid, $4::uuid, i.uid, i.title, i.starts_at, i.ends_at FROM incoming i
    ON CONFLICT (subscription_id, uid, starts_at) DO UPDATE SET title = EXCLUDED.title, ends_at = EXCLUDED.ends_at RETURNING 1),
  removed AS (DELETE FROM calendar_events e WHERE e.subscription_id = $1::uuid AND e.entry_id IS NULL AND e.dismissed_at IS NULL AND e.starts_at >= $5::timestamptz
    AND NOT EXISTS (SELECT FROM incoming i WHERE i.uid = e.uid AND i.starts_at = e.starts_at) RETURNING 1),
  noted AS (UPDATE calendar_subscriptions SET last_fetched_at = $6::timestamptz, last_error = NULL WHERE id = $1::uuid RETURNING 1)
  SELECT 1`;

export async function storeOccurrences(
  subscription: { id: string; userId: string; workspaceId: string },
  occurrences: CalendarEventOccurrence[],
  from: Date,
  now: Date,
): Promise<void> {
  const rows = occurrences.map((occurrence) => ({
    id: newId(),
    uid: storableText(occurrence.uid),
    title: storableText(occurrence.title),
    starts_at: occurrence.startsAt.toISOString(),
    ends_at: occurrence.endsAt.toISOString(),
  }));
  await queryRows(storeStatement, [subscription.id, JSON.stringify(rows), subscription.userId, subscription.workspaceId, from, now]);
}

/** One refresh: a calendar that cannot be fetched or read keeps its events, and says why in `last_error` until the next. */
export async function refreshSubscription({ subscription_id: id }: CalendarRefreshPayload, job: JobContext): Promise<void> {
  const { access } = job;
  if (!access) return;
  const subscription = await getDb().calendarSubscription.findFirst({ where: { ...createdBy(access), id } });
  if (!subscription) return;
  const now = job.now();
  const from = new Date(now.getTime() - KEPT_PAST_MS);
  let occurrences: CalendarEventOccurrence[];
  try {
    occurrences = calendarOccurrences(await fetchCalendar(subscription.url, job.signal), { from, to: now });
  } catch (error) {
    if (job.signal.aborted) throw error;
    const message =
      error instanceof CalendarFetchError ? error.message : `The calendar could not be read: ${error instanceof Error ? error.message : String(error)}`;
    await getDb().calendarSubscription.updateMany({
      where: { id, workspaceId: ownerId(access) },
      data: { lastFetchedAt: now, lastError: storableText(message.slice(0, 500)) },
    });
    return;
  }
  await storeOccurrences(subscription, occurrences, from, now);
}

export const calendarRefresh = defineJobKind({
  name: "calendar.refresh",
  payload: calendarRefreshPayload,
  lane: "deliveries",
  maxAttempts: 3,
  backoff: { firstDelayMs: 60_000, maxDelayMs: 600_000 },
  run: refreshSubscription,
});
