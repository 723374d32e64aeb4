import { z } from "zod";
import type { WebhookAttempt, WebhookEndpoint } from "@/lib/db/client";
import { responseSchemas } from "@/lib/openapi/components";
import { webhookSubscriptions, type WebhookSubscription } from "./events";

export const webhookAttemptResponseSchema = z
  .object({
    id: z.uuid(),
    event_id: z.uuid().meta({ description: "The event's id: the `webhook-id` header of each of its deliveries." }),
    type: z.string().meta({ description: "The event's type, or `webhook.test`." }),
    attempt: z.number().int().meta({ description: "1 for the first attempt of the event, 2 for its first retry, …" }),
    status: z.number().int().nullable().meta({ description: "The HTTP status answered; null when no answer came." }),
    error: z.string().nullable().meta({ description: "Why it failed (the status, no answer in 10 s, a refused address, …); null when delivered." }),
    latency_ms: z.number().int(),
    response_excerpt: z.string().nullable().meta({ description: "The first KiB of the answer's body." }),
    next_retry_at: z.iso.datetime().nullable().meta({ description: "When it is tried again; null when it is not." }),
    attempted_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "WebhookAttempt" });

export const webhookResponseSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    endpoint_url: z.string().meta({ description: "Where its events are posted." }),
    events: z.array(z.enum(webhookSubscriptions)),
    description: z.string(),
    enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: "Why the server disabled it (it answered 410 Gone, or every delivery failed for 3 days); null otherwise." }),
    failing_since: z.iso.datetime().nullable().meta({ description: "Since when its deliveries fail, without a success since; null while they succeed." }),
    inserted_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "Webhook" });

/** The answer to its creation: the only one that holds its secret. */
export const createdWebhookResponseSchema = webhookResponseSchema
  .extend({ secret: z.string().meta({ description: "The signing secret (`whsec_…`, Standard Webhooks). Shown this once." }) })
  .register(responseSchemas, { id: "WebhookCreated" });

export const webhookWithAttemptsResponseSchema = webhookResponseSchema
  .extend({
    paused_until: z.iso.datetime().nullable().meta({
      description:
        "While its last deliveries failed 5 times in a row, when its deliveries resume: until then they wait, spending none of their attempts; null while they go out.",
    }),
    attempts: z.array(webhookAttemptResponseSchema).meta({ description: "Its last 100 delivery attempts, the newest first." }),
  })
  .register(responseSchemas, { id: "WebhookWithAttempts" });

export const webhookListResponseSchema = z
  .object({ webhooks: z.array(webhookResponseSchema).meta({ description: "Every endpoint of the account, the newest first." }) })
  .register(responseSchemas, { id: "WebhookList" });

export const webhookSentResponseSchema = z
  .object({ event_id: z.uuid().meta({ description: "The event enqueued for delivery: its attempts appear in the endpoint's log." }) })
  .register(responseSchemas, { id: "WebhookSent" });

export function toWebhookAttemptResponse(attempt: WebhookAttempt): z.infer<typeof webhookAttemptResponseSchema> {
  return {
    id: attempt.id,
    event_id: attempt.eventId,
    type: attempt.type,
    attempt: attempt.attempt,
    status: attempt.status,
    error: attempt.error,
    latency_ms: attempt.latencyMs,
    response_excerpt: attempt.responseExcerpt,
    next_retry_at: attempt.nextRetryAt?.toISOString() ?? null,
    attempted_at: attempt.attemptedAt.toISOString(),
  };
}

export function toWebhookWithAttemptsResponse({
  attempts,
  pausedUntil,
  ...endpoint
}: WebhookEndpoint & { attempts: WebhookAttempt[]; pausedUntil: Date | null }): z.infer<typeof webhookWithAttemptsResponseSchema> {
  return { ...toWebhookResponse(endpoint), paused_until: pausedUntil?.toISOString() ?? null, attempts: attempts.map(toWebhookAttemptResponse) };
}

export function toWebhookResponse(endpoint: WebhookEndpoint): z.infer<typeof webhookResponseSchema> {
  return {
    id: endpoint.id,
    url: `/api/v1/webhooks/${endpoint.id}`,
    endpoint_url: endpoint.url,
    events: endpoint.events as WebhookSubscription[],
    description: endpoint.description,
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    inserted_at: endpoint.insertedAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}
