import "server-only";
import { createdBy, type Access } from "@/lib/access/context";
import type { CalendarSubscription } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { enqueueJob } from "@/lib/jobs/queue";
import { runJobSoon } from "@/lib/jobs/soon";
import { allowedOutboundUrl } from "@/lib/webhooks/allowed-url";
import { REFRESH_INTERVAL_MS, calendarRefresh } from "./refresh-job";
import type { CalendarSubscriptionCreate, CalendarSubscriptionResponse } from "./schemas";

// A person's subscribed calendars (docs/api.md, "Calendar subscriptions"): theirs alone, in the workspace.

export const MAX_SUBSCRIPTIONS = 20;

export const toSubscriptionResponse = (subscription: CalendarSubscription): CalendarSubscriptionResponse => ({
  id: subscription.id,
  url: subscription.url,
  name: subscription.name,
  last_fetched_at: subscription.lastFetchedAt?.toISOString() ?? null,
  last_error: subscription.lastError,
  created_at: subscription.insertedAt.toISOString(),
});

export function listSubscriptions(access: Access) {
  return getDb().calendarSubscription.findMany({ where: createdBy(access), orderBy: { id: "asc" } });
}

/** Adds a calendar once its URL is allowed (a 422 otherwise), and enqueues its first fetch. */
export async function createSubscription(access: Access, { url, name }: CalendarSubscriptionCreate): Promise<CalendarSubscription> {
  const checked = await allowedOutboundUrl(url.replace(/^webcals?:\/\//i, "https://"), "/url", "The calendar's URL");
  const owner = createdBy(access);
  const { subscription, jobId } = await getDb().$transaction(async (tx) => {
    if ((await tx.calendarSubscription.count({ where: owner })) >= MAX_SUBSCRIPTIONS) {
      throw AppError.validation([
        { pointer: "", detail: `Too many items: at most ${MAX_SUBSCRIPTIONS}`, message: `You may subscribe to at most ${MAX_SUBSCRIPTIONS} calendars.` },
      ]);
    }
    const created = await tx.calendarSubscription.create({ data: { ...owner, url: checked, name, nextFetchAt: new Date(Date.now() + REFRESH_INTERVAL_MS) } });
    const job = await enqueueJob(calendarRefresh, { subscription_id: created.id }, { tx, owner: owner.workspaceId, actingFor: owner });
    return { subscription: created, jobId: job.id };
  });
  runJobSoon(calendarRefresh, jobId);
  return subscription;
}

/** Removes a calendar and its events (those logged stay as entries). */
export async function deleteSubscription(access: Access, id: string): Promise<CalendarSubscription> {
  const subscription = await getDb().calendarSubscription.findFirst({ where: { ...createdBy(access), id } });
  if (!subscription) throw AppError.notFound();
  await getDb().calendarSubscription.deleteMany({ where: { ...createdBy(access), id } });
  return subscription;
}
