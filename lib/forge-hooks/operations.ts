import type { Operation } from "@/lib/api/operation";
import { errorBodySchema } from "@/lib/api/error-response";
import { createdForgeHookExample, forgeDeliveryResultExample, forgeDeliveryExample, forgeHookExample } from "./examples";
import { FORGE_DELIVERIES_PER_MINUTE, MAX_FORGE_DELIVERY_BYTES } from "./limits";
import {
  createdForgeHookResponseSchema,
  forgeDeliveryResultSchema,
  forgeHookListResponseSchema,
  forgeHookResponseSchema,
  forgeHookWithDeliveriesResponseSchema,
} from "./responses";
import { forgePayloadSchema, forgeHookCreateSchema } from "./schemas";

const tag = {
  name: "Incoming hooks",
  description: "Webhooks of GitHub and GitLab: pushed commits are recorded in the matching repository, merged pull requests suggested as entries.",
};

export const forgeHookOperations = {
  list: {
    kind: "api",
    operationId: "listIncomingHooks",
    method: "get",
    path: "/api/v1/incoming_hooks",
    tag,
    summary: "List incoming hooks",
    description: "Every hook of the account (at most 100), the newest first, without their secrets.",
    scope: "repo:read",
    role: "viewer",
    responses: { 200: { description: "The account's hooks.", schema: forgeHookListResponseSchema, example: { incoming_hooks: [forgeHookExample] } } },
  },
  create: {
    kind: "api",
    operationId: "createIncomingHook",
    method: "post",
    path: "/api/v1/incoming_hooks",
    tag,
    summary: "Create an incoming hook",
    description:
      "A webhook URL (`hook_url`) and a secret to give GitHub or GitLab. The secret is in this answer only: no other answer holds it. An account has at most 100 hooks.",
    scope: "repo:write",
    role: "admin",
    body: { schema: forgeHookCreateSchema, example: { provider: "github", name: "example organisation" } },
    responses: { 201: { description: "The new hook, with its secret.", schema: createdForgeHookResponseSchema, example: createdForgeHookExample } },
    errors: { 422: 'A field is invalid, or the account has 100 hooks already (`Too many items: at most 100`, at `""`).' },
  },
  get: {
    kind: "api",
    operationId: "getIncomingHook",
    method: "get",
    path: "/api/v1/incoming_hooks/{id}",
    tag,
    summary: "Get an incoming hook",
    description: "The hook with its last 50 deliveries, the newest first.",
    scope: "repo:read",
    role: "viewer",
    responses: {
      200: {
        description: "The hook and its deliveries.",
        schema: forgeHookWithDeliveriesResponseSchema,
        example: { ...forgeHookExample, deliveries: [forgeDeliveryExample] },
      },
    },
  },
  delete: {
    kind: "api",
    operationId: "deleteIncomingHook",
    method: "delete",
    path: "/api/v1/incoming_hooks/{id}",
    tag,
    summary: "Delete an incoming hook",
    description: "Its URL answers 404 from now on; the commits and suggestions it recorded stay.",
    scope: "repo:write",
    role: "admin",
    responses: { 200: { description: "The hook as it was.", schema: forgeHookResponseSchema, example: forgeHookExample } },
  },
  receive: {
    kind: "hook",
    operationId: "receiveHookDelivery",
    method: "post",
    path: "/api/hooks/{id}",
    tag,
    summary: "Receive a forge's delivery",
    description:
      "Where GitHub or GitLab sends the webhook's deliveries (`hook_url`); no API key. GitHub signs each body with the hook's secret (`X-Hub-Signature-256`, HMAC-SHA256), GitLab sends the secret (`X-Gitlab-Token`). " +
      "A `push` (GitLab: `Push Hook`) records its commits in the repository whose remote is the payload's, created when there is none; a merged pull request (GitLab: merge request) is suggested as an entry. " +
      "Any other event (a `ping`, a tag, a deleted branch) is answered and ignored; a delivery id received before records nothing again.",
    headers: [
      { name: "X-GitHub-Event", description: "GitHub: the event (`push`, `pull_request`, `ping`, …)." },
      { name: "X-GitHub-Delivery", description: "GitHub: the delivery's id; the same id twice records once." },
      { name: "X-Hub-Signature-256", description: "GitHub: `sha256=` and the hex HMAC-SHA256 of the raw body under the hook's secret." },
      { name: "X-Gitlab-Event", description: "GitLab: the event (`Push Hook`, `Merge Request Hook`, `Tag Push Hook`, …)." },
      { name: "X-Gitlab-Event-UUID", description: "GitLab: the delivery's id; the same id twice records once." },
      { name: "X-Gitlab-Token", description: "GitLab: the hook's secret." },
    ],
    body: {
      schema: forgePayloadSchema,
      example: {
        ref: "refs/heads/main",
        after: "3f786850e387550fdab836ed7e6dc881de23001b",
        repository: { clone_url: "https://github.com/example/website.git" },
        commits: [],
      },
    },
    maxBodyBytes: MAX_FORGE_DELIVERY_BYTES,
    deliveriesPerMinute: FORGE_DELIVERIES_PER_MINUTE,
    responses: {
      200: {
        description: "Received: recorded, ignored, or a delivery received before.",
        schema: forgeDeliveryResultSchema,
        example: forgeDeliveryResultExample,
      },
      401: {
        description: "No signature (GitHub) or token (GitLab), or a wrong one: nothing is written, not even to the hook's log.",
        schema: errorBodySchema,
        example: { error: { message: "Invalid or missing X-Hub-Signature-256 signature", type: "authentication_error" } },
      },
    },
  },
} satisfies Record<string, Operation>;
