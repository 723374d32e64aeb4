import "server-only";
import { z } from "zod";
import { ownedAt, ownerId } from "@/lib/access/context";
import { getConfig } from "@/lib/config";
import { markAccountChangedSql } from "@/lib/db/account-counters";
import { newId } from "@/lib/db/ids";
import { queryRows } from "@/lib/db/sql";
import { storableText } from "@/lib/db/storable-text";
import { defineJobKind, LeaseLostError, type JobContext } from "@/lib/jobs/job-kind";
import { checkDestination, DestinationError, parseWebhookUrl } from "./destination";
import { webhookBody, type StoredEvent } from "./payloads";
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

/**
 * Writes what an attempt found with `write`. Once the endpoint has answered 2xx the message is
 * delivered: a failure to write that (a lost lease aside) is logged, and the job ends rather
 * than sending it again.
 */
export async function writeOutcome(delivered: boolean, write: () => Promise<void>, what: string): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!delivered || error instanceof LeaseLostError) throw error;
    console.error(`[jobs] ${what} was delivered, but what its attempt found could not be written:`, error instanceof Error ? error.message : error);
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
 * What a delivery reads: the endpoint of the job's owner ($3), if it is enabled, and the event, if
 * it is kept and, about an entry, the endpoint's creator may read that entry now (migration
 * 20261129040000_webhook_entries_by_reader: a role or the workspace's setting may have changed).
 */
const deliveryStatement = `SELECT w.url, w.secret, w.failing_since AS "failingSince", e.id, e.workspace_id AS "workspaceId", e.type, e.data, e.created_at AS "createdAt"
  FROM webhook_endpoints w JOIN webhook_events e ON e.id = $2::uuid
  WHERE w.id = $1::uuid AND w.enabled AND ${ownedAt("$3", "w")} AND webhook_endpoint_reads(w.user_id, w.workspace_id, e.type, e.user_id)`;

type Delivery = StoredEvent & { url: string; secret: string; failingSince: Date | null };

/**
 * The attempt's log, written under the job's lease in one statement: the account's ($1) change
 * sequence moved on (the log is part of what GET /webhooks/{id} answers: its conditional reads
 * see it change), the attempt ($2, a webhook_attempts row as JSON) added, the endpoint's oldest
 * attempts beyond the newest KEPT_ATTEMPTS and the account's events that are a month old and in
 * no log forgotten, and the endpoint's failing_since ($3) and disabled_reason ($4, which disables
 * it) set. Its clauses all see the tables as they were before it: the attempt it adds is one of
 * the kept, and an event whose last attempt it forgets goes at the endpoint's next delivery.
 */
const logAttemptWrites = `attempt AS (SELECT * FROM jsonb_populate_record(NULL::webhook_attempts, $2::jsonb)),
  changed AS (${markAccountChangedSql(ownedAt("$1"), "EXISTS (SELECT FROM lease)")} RETURNING 1),
  logged AS (INSERT INTO webhook_attempts SELECT attempt.* FROM attempt, lease RETURNING 1),
  trimmed AS (DELETE FROM webhook_attempts WHERE endpoint_id = (SELECT endpoint_id FROM attempt) AND EXISTS (SELECT FROM lease)
    AND id NOT IN (SELECT id FROM webhook_attempts WHERE endpoint_id = (SELECT endpoint_id FROM attempt) ORDER BY id DESC LIMIT ${KEPT_ATTEMPTS - 1}) RETURNING 1),
  forgotten AS (DELETE FROM webhook_events e WHERE ${ownedAt("$1", "e")} AND e.id <> (SELECT event_id FROM attempt) AND EXISTS (SELECT FROM lease)
    AND e.created_at < (SELECT attempted_at FROM attempt) - ${KEPT_EVENTS_MS} * interval '1 millisecond'
    AND NOT EXISTS (SELECT 1 FROM webhook_attempts a WHERE a.event_id = e.id) RETURNING 1),
  endpoint AS (UPDATE webhook_endpoints SET failing_since = $3::timestamptz, updated_at = (SELECT attempted_at FROM attempt),
      enabled = $4::text IS NULL, disabled_reason = coalesce($4::text, disabled_reason)
    WHERE id = (SELECT endpoint_id FROM attempt) AND enabled AND EXISTS (SELECT FROM lease) RETURNING 1)`;

/**
 * One attempt to deliver an event to an endpoint: the URL checked again (DNS may have changed),
 * the body signed, posted, and the attempt logged under the job's lease (an attempt whose lease
 * another worker took logs nothing) in one statement, not a transaction of several: an
 * account's deliveries and writes queue on its counters row (lib/db/account-counters.ts), which a
 * transaction holds until it commits. The same statement tells the endpoint's circuit breaker
 * how it went (lib/jobs/circuit.ts). A 2xx is delivered, even when its log cannot be written (it
 * is not sent again for that); a 410 disables the endpoint; any other answer, or none, is tried
 * again after the kind's delays. A deleted or disabled endpoint, an endpoint of anyone but the
 * job's owner, or a deleted event, is not delivered to. What the answer says is stored cleaned
 * of what PostgreSQL refuses.
 */
export async function deliverWebhook({ event_id: eventId, endpoint_id: endpointId }: WebhookDeliveryPayload, job: JobContext): Promise<void> {
  const { access } = job;
  if (!access) return;
  const [delivery] = await queryRows<Delivery>(deliveryStatement, [endpointId, eventId, ownerId(access)]);
  if (!delivery) return;

  const body = webhookBody(delivery);
  const started = performance.now();
  const outcome = await attemptDelivery(delivery.url, signedHeaders(delivery.secret, eventId, job.now(), body), body, job.signal);
  const latencyMs = Math.round(performance.now() - started);
  const delivered = outcome.answered && outcome.status >= 200 && outcome.status < 300;
  const now = job.now();
  const failingSince = delivered ? null : (delivery.failingSince ?? now);
  const disabledReason = delivered ? undefined : disabledBy(outcome, failingSince, now);
  const retrying = !delivered && !disabledReason && job.attempt < job.maxAttempts;

  const attempt = {
    id: newId(),
    endpoint_id: endpointId,
    event_id: eventId,
    type: delivery.type,
    attempt: job.attempt,
    status: outcome.answered ? outcome.status : null,
    error: outcome.answered ? (delivered ? null : `Answered ${outcome.status}`) : storableText(outcome.error),
    latency_ms: latencyMs,
    response_excerpt: outcome.answered ? storableText(outcome.excerpt) : null,
    next_retry_at: retrying ? new Date(now.getTime() + retryDelay(job.attempt)) : null,
    attempted_at: now,
  };
  const values = [ownerId(access), JSON.stringify(attempt), failingSince, disabledReason ?? null];
  await writeOutcome(
    delivered,
    () => job.writeUnderLease(logAttemptWrites, values, delivered ? "succeeded" : "failed"),
    `Event ${eventId} to webhook ${endpointId}`,
  );
  if (retrying) throw new Error(outcome.answered ? `The endpoint answered ${outcome.status}` : outcome.error);
}

/**
 * A delivery of one event to one endpoint, retried on the schedule with the same
 * `webhook-id` (the event's id). The migration's triggers enqueue these in the change's own
 * transaction, with the same kind name, attempts, lane, owner and endpoint (keep them in step).
 */
export const webhookDelivery = defineJobKind({
  name: "webhook.delivery",
  payload: webhookDeliveryPayload,
  lane: "deliveries",
  endpointOf: ({ endpoint_id: endpointId }) => endpointId,
  maxAttempts: WEBHOOK_RETRY_DELAYS_MS.length + 1,
  delayFor: retryDelay,
  run: deliverWebhook,
});
