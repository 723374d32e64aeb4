import "server-only";
import { createdBy, owned, ownerId, type Access } from "@/lib/access/context";
import { getDb, type Transaction } from "@/lib/db/client";
import { isRecordMissing } from "@/lib/db/errors";
import { newId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { markAccountChanged } from "@/lib/db/account-counters";
import { closeCircuit, endpointPausedUntil } from "@/lib/jobs/circuit";
import { enqueueJob } from "@/lib/jobs/queue";
import { runJobSoon } from "@/lib/jobs/soon";
import { KEPT_ATTEMPTS, webhookDelivery } from "./delivery-job";
import { allowedOutboundUrl } from "./allowed-url";
import { TEST_EVENT_TYPE } from "./events";
import { newWebhookSecret } from "./signature";
import type { WebhookCreate, WebhookUpdate } from "./schemas";

/** Endpoints an account may have: its list is one page. */
export const MAX_WEBHOOKS_PER_ACCOUNT = 20;

export function listWebhooks(access: Access) {
  return getDb().webhookEndpoint.findMany({ where: owned(access), orderBy: { id: "desc" } });
}

/** An endpoint of the account; another account's is a 404. */
async function ownWebhook(access: Access, id: string, transaction?: Transaction) {
  const endpoint = await (transaction ?? getDb()).webhookEndpoint.findFirst({ where: { id, ...owned(access) } });
  if (!endpoint) throw AppError.notFound();
  return endpoint;
}

/** An endpoint with its last attempts, the newest first, and until when its deliveries wait while its circuit breaker pauses them. */
export async function getWebhookWithAttempts(access: Access, id: string) {
  const endpoint = await getDb().webhookEndpoint.findFirst({
    where: { id, ...owned(access) },
    include: { attempts: { orderBy: { id: "desc" }, take: KEPT_ATTEMPTS } },
  });
  if (!endpoint) throw AppError.notFound();
  return { ...endpoint, pausedUntil: await endpointPausedUntil(endpoint.id) };
}

/** A new endpoint with a new secret, which the answer holds this once. */
export async function createWebhook(access: Access, input: WebhookCreate) {
  const url = await allowedOutboundUrl(input.endpoint_url, "/endpoint_url", "The endpoint URL");
  return getDb().$transaction(async (transaction) => {
    await markAccountChanged(transaction, access);
    if ((await transaction.webhookEndpoint.count({ where: owned(access) })) >= MAX_WEBHOOKS_PER_ACCOUNT) {
      throw AppError.validation([
        {
          pointer: "",
          detail: `Too many items: at most ${MAX_WEBHOOKS_PER_ACCOUNT}`,
          message: `An account has at most ${MAX_WEBHOOKS_PER_ACCOUNT} webhooks: delete one first.`,
        },
      ]);
    }
    return transaction.webhookEndpoint.create({
      data: {
        id: newId(),
        ...createdBy(access),
        url,
        events: input.events,
        description: input.description ?? "",
        enabled: input.enabled ?? true,
        secret: newWebhookSecret(),
      },
    });
  });
}

/** Changes the fields sent. Enabling it again, or a new URL, clears why it was disabled and its failures. */
export async function updateWebhook(access: Access, id: string, input: WebhookUpdate) {
  const url = input.endpoint_url === undefined ? undefined : await allowedOutboundUrl(input.endpoint_url, "/endpoint_url", "The endpoint URL");
  return getDb().$transaction(async (transaction) => {
    const endpoint = await ownWebhook(access, id, transaction);
    await markAccountChanged(transaction, access);
    const reenabled = input.enabled === true && !endpoint.enabled;
    if (reenabled || (url !== undefined && url !== endpoint.url)) await closeCircuit(transaction, id);
    return transaction.webhookEndpoint.update({
      where: { id },
      data: {
        url,
        events: input.events,
        description: input.description,
        enabled: input.enabled,
        ...(input.enabled === false ? { disabledReason: null } : {}),
        ...(reenabled ? { disabledReason: null, failingSince: null } : {}),
      },
    });
  });
}

/** Deletes an endpoint, its log and its circuit breaker's failures; its pending deliveries find it gone and send nothing. */
export async function deleteWebhook(access: Access, id: string) {
  return getDb().$transaction(async (transaction) => {
    let endpoint;
    try {
      endpoint = await transaction.webhookEndpoint.delete({ where: { id, ...owned(access) } });
    } catch (error) {
      if (isRecordMissing(error)) throw AppError.notFound();
      throw error;
    }
    await closeCircuit(transaction, id);
    await markAccountChanged(transaction, access);
    return endpoint;
  });
}

const disabledError = () => AppError.invalidRequest("The webhook is disabled: enable it first");

/** Enqueues a delivery of the event to the account's endpoint, started at once (lib/jobs/soon.ts). */
async function deliverSoon(transaction: Transaction, access: Access, eventId: string, endpointId: string) {
  const { id } = await enqueueJob(webhookDelivery, { event_id: eventId, endpoint_id: endpointId }, { tx: transaction, owner: ownerId(access) });
  return id;
}

/** "Send test event": a `webhook.test` event for this endpoint alone. */
export async function sendTestEvent(access: Access, id: string): Promise<{ eventId: string }> {
  const eventId = newId();
  const jobId = await getDb().$transaction(async (transaction) => {
    const endpoint = await ownWebhook(access, id, transaction);
    if (!endpoint.enabled) throw disabledError();
    await transaction.webhookEvent.create({
      data: { id: eventId, ...createdBy(access), type: TEST_EVENT_TYPE, data: { webhook_id: id, message: "A test event sent from Worklog" } },
    });
    return deliverSoon(transaction, access, eventId, id);
  });
  runJobSoon(webhookDelivery, jobId);
  return { eventId };
}

/** "Resend": the event of one of the endpoint's logged attempts, delivered again under the same `webhook-id`. */
export async function resendAttempt(access: Access, id: string, attemptId: string): Promise<{ eventId: string }> {
  const { jobId, eventId } = await getDb().$transaction(async (transaction) => {
    const endpoint = await ownWebhook(access, id, transaction);
    const attempt = await transaction.webhookAttempt.findFirst({ where: { id: attemptId, endpointId: id } });
    if (!attempt) throw AppError.notFound();
    if (!endpoint.enabled) throw disabledError();
    return { jobId: await deliverSoon(transaction, access, attempt.eventId, id), eventId: attempt.eventId };
  });
  runJobSoon(webhookDelivery, jobId);
  return { eventId };
}

/** The last attempts of each of the account's endpoints, by endpoint: Settings → Webhooks' logs. */
export async function attemptsByWebhook(access: Access) {
  const attempts = await getDb().webhookAttempt.findMany({ where: { endpoint: owned(access) }, orderBy: { id: "desc" } });
  const byEndpoint = new Map<string, typeof attempts>();
  for (const attempt of attempts) {
    const kept = byEndpoint.get(attempt.endpointId) ?? [];
    if (kept.length < KEPT_ATTEMPTS) kept.push(attempt);
    byEndpoint.set(attempt.endpointId, kept);
  }
  return byEndpoint;
}
