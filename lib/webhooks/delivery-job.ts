import "server-only";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { markAccountChanged } from "@/lib/hooks/hooks";
import { defineJobKind, type JobContext } from "@/lib/jobs/job-kind";
import { checkDestination, DestinationError, parseWebhookUrl } from "./destination";
import { webhookBody } from "./payloads";
import { DELIVERY_TIMEOUT_MS, sendTo, type SendResult } from "./send";
import { signedHeaders } from "./signature";

/** The delays between attempts (README "Webhooks"): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; eight attempts in all. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];

/** An endpoint whose deliveries have failed, without a success, for this long is disabled. */
export const FAILING_FOR_MS = 3 * 24 * 3_600_000;

/** The attempts of an endpoint's log: its newest. */
export const KEPT_ATTEMPTS = 100;

/** Events are kept while a log shows them (they can be resent), and at least this long. */
export const KEPT_EVENTS_MS = 30 * 24 * 3_600_000;

const MAX_ERROR_LENGTH = 500;

/** The delay after the failed attempt `attempt` (1 for the first). */
export const retryDelay = (attempt: number) => WEBHOOK_RETRY_DELAYS_MS[Math.min(attempt, WEBHOOK_RETRY_DELAYS_MS.length) - 1]!;

export const webhookDeliveryPayload = z.object({ event_id: z.uuid(), endpoint_id: z.uuid() });
export type WebhookDeliveryPayload = z.output<typeof webhookDeliveryPayload>;

/** An attempt's result: an answer, or why none came. */
export type Outcome = ({ answered: true } & SendResult) | { answered: false; error: string };

/** Posts the body to the URL once its host is checked again (DNS may have changed since): the answer, or why none came. */
export async function attemptDelivery(url: string, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<Outcome> {
  try {
    const destination = await checkDestination(parseWebhookUrl(url), getConfig().webhookAllowedHosts);
    return { answered: true, ...(await sendTo(destination, headers, body, signal)) };
  } catch (error) {
    if (signal.aborted) throw error;
    if (error instanceof DestinationError) return { answered: false, error: `Refused: the URL ${error.message}` };
    if (error instanceof Error && error.name === "AbortError") return { answered: false, error: `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` };
    return { answered: false, error: (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH) };
  }
}

/** Why an endpoint was disabled by its deliveries, or undefined while it stays enabled. */
function disabledBy(outcome: Outcome, failingSince: Date | null, now: Date): string | undefined {
  if (outcome.answered && outcome.status === 410) return "The endpoint answered 410 Gone";
  if (failingSince && now.getTime() - failingSince.getTime() >= FAILING_FOR_MS) {
    return `Every delivery failed for 3 days, since ${failingSince.toISOString()}`;
  }
  return undefined;
}

/**
 * One attempt to deliver an event to an endpoint: the URL checked again (DNS may have changed),
 * the body signed, posted, and the attempt logged, in a transaction that holds the job's lease
 * (an attempt whose lease another worker took logs nothing), which also forgets the log's oldest
 * attempts and the account's events that are a month old and in no log. A 2xx is delivered; a 410 disables
 * the endpoint; any other answer, or none, is tried again after the kind's delays. A deleted or
 * disabled endpoint, or a deleted event, is not delivered to.
 */
export async function deliverWebhook({ event_id: eventId, endpoint_id: endpointId }: WebhookDeliveryPayload, job: JobContext): Promise<void> {
  const db = getDb();
  const [endpoint, event] = await Promise.all([db.webhookEndpoint.findUnique({ where: { id: endpointId } }), db.webhookEvent.findUnique({ where: { id: eventId } })]);
  if (!endpoint || !event || !endpoint.enabled) return;

  const body = webhookBody(event);
  const started = performance.now();
  const outcome = await attemptDelivery(endpoint.url, signedHeaders(endpoint.secret, event.id, job.now(), body), body, job.signal);
  const latencyMs = Math.round(performance.now() - started);
  const delivered = outcome.answered && outcome.status >= 200 && outcome.status < 300;
  const now = job.now();
  const failingSince = delivered ? null : (endpoint.failingSince ?? now);
  const disabledReason = delivered ? undefined : disabledBy(outcome, failingSince, now);
  const retrying = !delivered && !disabledReason && job.attempt < job.maxAttempts;

  await db.$transaction(async (tx) => {
    await job.holdLease(tx);
    // The log is part of what GET /webhooks/{id} answers: its conditional reads see it change.
    await markAccountChanged(tx, endpoint.userId);
    await tx.webhookAttempt.create({
      data: {
        endpointId,
        eventId,
        type: event.type,
        attempt: job.attempt,
        status: outcome.answered ? outcome.status : null,
        error: outcome.answered ? (delivered ? null : `Answered ${outcome.status}`) : outcome.error,
        latencyMs,
        responseExcerpt: outcome.answered ? outcome.excerpt : null,
        nextRetryAt: retrying ? new Date(now.getTime() + retryDelay(job.attempt)) : null,
        attemptedAt: now,
      },
    });
    await tx.$executeRaw`DELETE FROM webhook_attempts WHERE endpoint_id = ${endpointId}::uuid AND id NOT IN (
      SELECT id FROM webhook_attempts WHERE endpoint_id = ${endpointId}::uuid ORDER BY id DESC LIMIT ${KEPT_ATTEMPTS})`;
    await tx.$executeRaw`DELETE FROM webhook_events e WHERE e.user_id = ${endpoint.userId}::uuid
      AND e.created_at < ${new Date(now.getTime() - KEPT_EVENTS_MS)}::timestamptz AND NOT EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.event_id = e.id)`;
    await tx.webhookEndpoint.updateMany({
      where: { id: endpointId, enabled: true },
      data: disabledReason ? { failingSince, enabled: false, disabledReason } : { failingSince },
    });
  });
  if (retrying) throw new Error(outcome.answered ? `The endpoint answered ${outcome.status}` : outcome.error);
}

/**
 * A delivery of one event to one endpoint, retried on the schedule with the same
 * `webhook-id` (the event's id). The migration's triggers enqueue these in the change's own
 * transaction, with the same kind name and attempts (keep them in step).
 */
export const webhookDelivery = defineJobKind({
  name: "webhook.delivery",
  payload: webhookDeliveryPayload,
  maxAttempts: WEBHOOK_RETRY_DELAYS_MS.length + 1,
  delayFor: retryDelay,
  run: deliverWebhook,
});
