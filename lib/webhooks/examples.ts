import type { z } from "zod";
import { exampleCreatedAt } from "@/lib/openapi/examples";
import type { createdWebhookResponseSchema, webhookAttemptResponseSchema, webhookResponseSchema } from "./responses";

const ids = { webhook: "01936f27-8c9d-7eaf-9b0c-3d4e5f6a7b8c", attempt: "01936f28-9dae-7fb0-8c1d-4e5f6a7b8c9d", event: "01936f28-1a2b-7c3d-8e4f-5a6b7c8d9e0f" };

export const webhookExample = {
  id: ids.webhook,
  url: `/api/v1/webhooks/${ids.webhook}`,
  endpoint_url: "https://hooks.example.com/worklog",
  events: ["entry.created", "entry.updated", "project.*"],
  description: "The team's dashboard",
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  inserted_at: exampleCreatedAt,
  updated_at: exampleCreatedAt,
} satisfies z.infer<typeof webhookResponseSchema>;

export const createdWebhookExample = {
  ...webhookExample,
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw3kKz1bW0q2Y=",
} satisfies z.infer<typeof createdWebhookResponseSchema>;

export const webhookAttemptExample = {
  id: ids.attempt,
  event_id: ids.event,
  type: "entry.created",
  attempt: 1,
  status: 200,
  error: null,
  latency_ms: 84,
  response_excerpt: "ok",
  next_retry_at: null,
  attempted_at: "2026-11-22T10:12:03.000Z",
} satisfies z.infer<typeof webhookAttemptResponseSchema>;

export const webhookSentExample = { event_id: ids.event };
