import type { Operation } from "@/lib/api/operation";
import { createdWebhookExample, webhookAttemptExample, webhookExample, webhookSentExample } from "./examples";
import {
  createdWebhookResponseSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookSentResponseSchema,
  webhookWithAttemptsResponseSchema,
} from "./responses";
import { webhookCreateSchema, webhookUpdateSchema } from "./schemas";

const tag = {
  name: "Webhooks",
  description:
    'Outbound webhooks: the account\'s events (entries, projects, repositories, commits, recaps, the timer) posted to an endpoint as they happen, signed by the Standard Webhooks specification (README "Webhooks").',
};

const urlRefused =
  "A field is invalid, or the endpoint URL is refused: not http(s), unresolvable, or a host with a loopback, private, link-local or metadata address (at `/endpoint_url`).";
const disabled = "The webhook is disabled: enable it first.";

export const webhookOperations = {
  list: {
    kind: "api",
    operationId: "listWebhooks",
    method: "get",
    path: "/api/v1/webhooks",
    tag,
    summary: "List webhooks",
    description: "Every endpoint of the account (at most 20), the newest first, without their secrets.",
    scope: "user:write",
    role: "viewer",
    responses: { 200: { description: "The account's webhooks.", schema: webhookListResponseSchema, example: { webhooks: [webhookExample] } } },
  },
  create: {
    kind: "api",
    operationId: "createWebhook",
    method: "post",
    path: "/api/v1/webhooks",
    tag,
    summary: "Create a webhook",
    description:
      "An endpoint that receives the events it names. The signing secret is in this answer only. The URL's host is resolved and refused when any of its addresses is not public. An account has at most 20 webhooks.",
    scope: "user:write",
    role: "admin",
    body: {
      schema: webhookCreateSchema,
      example: { endpoint_url: "https://hooks.example.com/worklog", events: ["entry.created", "project.*"], description: "The team's dashboard" },
    },
    responses: { 201: { description: "The new webhook, with its secret.", schema: createdWebhookResponseSchema, example: createdWebhookExample } },
    errors: { 422: `${urlRefused} The 21st webhook is \`Too many items: at most 20\` at \`""\`.` },
  },
  get: {
    kind: "api",
    operationId: "getWebhook",
    method: "get",
    path: "/api/v1/webhooks/{id}",
    tag,
    summary: "Get a webhook",
    description: "The webhook with its last 100 delivery attempts, the newest first.",
    scope: "user:write",
    role: "viewer",
    responses: {
      200: {
        description: "The webhook and its delivery log.",
        schema: webhookWithAttemptsResponseSchema,
        example: { ...webhookExample, paused_until: null, attempts: [webhookAttemptExample] },
      },
    },
  },
  update: {
    kind: "api",
    operationId: "updateWebhook",
    method: "put",
    path: "/api/v1/webhooks/{id}",
    tag,
    summary: "Update a webhook",
    description: "Changes the fields sent; the others stay as they are. `enabled: true` enables a disabled webhook again and clears `disabled_reason`.",
    scope: "user:write",
    role: "admin",
    body: { schema: webhookUpdateSchema, example: { enabled: true } },
    responses: { 200: { description: "The webhook as it is now.", schema: webhookResponseSchema, example: webhookExample } },
    errors: { 422: urlRefused },
  },
  delete: {
    kind: "api",
    operationId: "deleteWebhook",
    method: "delete",
    path: "/api/v1/webhooks/{id}",
    tag,
    summary: "Delete a webhook",
    description: "It receives nothing from now on, the deliveries under way included; its log goes with it.",
    scope: "user:write",
    role: "admin",
    responses: { 200: { description: "The webhook as it was.", schema: webhookResponseSchema, example: webhookExample } },
  },
  test: {
    kind: "api",
    operationId: "sendWebhookTestEvent",
    method: "post",
    path: "/api/v1/webhooks/{id}/test",
    tag,
    summary: "Send a test event",
    description: "Enqueues a `webhook.test` event for this webhook alone, whatever it subscribes to; its attempts appear in the webhook's log.",
    scope: "user:write",
    role: "admin",
    responses: { 202: { description: "The event, enqueued.", schema: webhookSentResponseSchema, example: webhookSentExample } },
    errors: { 400: disabled },
  },
  resend: {
    kind: "api",
    operationId: "resendWebhookAttempt",
    method: "post",
    path: "/api/v1/webhooks/{id}/attempts/{attempt_id}/resend",
    tag,
    summary: "Resend an event",
    description: "Delivers the event of one of the log's attempts again, with the same `webhook-id` and body, and its own retries.",
    scope: "user:write",
    role: "admin",
    responses: { 202: { description: "The event, enqueued again.", schema: webhookSentResponseSchema, example: webhookSentExample } },
    errors: { 400: disabled, 404: "No webhook of the account has this id, or no attempt of its log this attempt id." },
  },
} satisfies Record<string, Operation>;
