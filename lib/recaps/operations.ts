import type { Operation } from "@/lib/api/operation";
import { completedRecapExample, createdRecapExamples, createdRecapShareExample, recapShareExample, recapStreamExample } from "./examples";
import { RECAP_PLAN } from "./recaps";
import { createdRecapResponseSchema, recapEventSchema, recapResponseSchema } from "./responses";
import { recapFiltersSchema, recapStreamQuerySchema } from "./schemas";
import { createdRecapShareResponseSchema, recapShareResponseSchema } from "./share-responses";

const tag = {
  name: "Recaps",
  description: "Summaries of worklog entries over a period, generated in the background and streamed as they are written. Plan `pro` only.",
};

export const recapOperations = {
  create: {
    kind: "api",
    operationId: "createRecap",
    method: "post",
    path: "/api/v1/worklog/recaps",
    tag,
    summary: "Create a recap",
    description:
      "Starts a recap of the entries matching the filters, in the shape of its `template`, given in the JSON body or the query string (the body wins, field by field). `from` defaults to the start of today in the account's time zone, `to` to now, `template` to `summary`. The recap is written in the background: follow it at `sse_url` or poll `poll_url`. Every statement cites its entries (`/?entry=<id>`) and commits, listed in `sources`; repeated entries are merged. When a completed recap of the same filters and template exists and none of its entries changed, that recap is returned at once with 200.",
    scope: "worklog:write",
    role: "member",
    plan: RECAP_PLAN,
    query: recapFiltersSchema,
    body: { schema: recapFiltersSchema, example: { from: "2026-11-16", to: "2026-11-22", tags: ["frontend"], template: "weekly" } },
    responses: {
      201: { description: "A new recap, `processing`.", schema: createdRecapResponseSchema, example: createdRecapExamples.processing },
      200: {
        description: "The completed recap of the same filters and template, unchanged since.",
        schema: createdRecapResponseSchema,
        example: createdRecapExamples.completed,
      },
    },
    errors: { 400: "A query parameter is invalid, or no worklog entry matches the filters (`No worklog entries match these filters`)." },
  },
  get: {
    kind: "api",
    operationId: "getRecap",
    method: "get",
    path: "/api/v1/worklog/recaps/{id}",
    tag,
    summary: "Get a recap",
    description: "A recap whose generator has written nothing for 5 minutes reads as `failed`.",
    scope: "worklog:read",
    role: "viewer",
    plan: RECAP_PLAN,
    responses: { 200: { description: "The recap.", schema: recapResponseSchema, example: completedRecapExample } },
  },
  streamEvents: {
    kind: "api",
    operationId: "streamRecapEvents",
    method: "get",
    path: "/api/v1/worklog/recaps/sse",
    tag,
    summary: "Stream recap events",
    description:
      "Server-sent events. Each event has an `id:` line and one `data:` line of JSON: `delta` pieces of content while the recap is `processing`, each with `partial_content`, all the text so far, then the whole recap once `completed` or `failed`, and the stream closes. On connect the current state comes first: the text already written as one event, or a finished recap as its one event, then the end. Without `recap_id` the stream carries the events of all the account's recaps until the client leaves. Comments (`: heartbeat`) keep the connection open every 15 s. Authentication, scope, plan and rate limit are checked before the stream opens, with the usual JSON errors. An account may hold 5 open streams (with the web app's) and a server process `SSE_MAX_STREAMS`; past either, 429 `Too many open event streams` with the general error body and `retry-after`. A stream whose key or token is revoked, or whose account is deleted, closes within 5 s.",
    scope: "worklog:read",
    role: "viewer",
    plan: RECAP_PLAN,
    query: recapStreamQuerySchema,
    responses: { 200: { description: "The event stream.", eventSchema: recapEventSchema, example: recapStreamExample } },
    errors: { 404: "`recap_id` names no recap of the account." },
  },
  share: {
    kind: "api",
    operationId: "shareRecap",
    method: "post",
    path: "/api/v1/worklog/recaps/{id}/share",
    tag,
    summary: "Share a recap",
    description:
      "Makes a read-only link to a completed recap, `/r/<token>`, which opens it without signing in: its text and figures, with its citations as plain text, marked `noindex`. A recap has one link: a new one replaces the last, which stops working, and counts its views from 0. Only a hash of the token is stored, so `url` and `token` are answered this once.",
    scope: "worklog:write",
    role: "member",
    plan: RECAP_PLAN,
    responses: { 201: { description: "The new link.", schema: createdRecapShareResponseSchema, example: createdRecapShareExample } },
    errors: { 400: "The recap is not completed (`Only a completed recap can be shared`)." },
  },
  getShare: {
    kind: "api",
    operationId: "getRecapShare",
    method: "get",
    path: "/api/v1/worklog/recaps/{id}/share",
    tag,
    summary: "Get a recap's link",
    description: "Whether the recap's link works, and how many times it was opened; not the link itself.",
    scope: "worklog:read",
    role: "viewer",
    plan: RECAP_PLAN,
    responses: { 200: { description: "The recap's link.", schema: recapShareResponseSchema, example: recapShareExample } },
    errors: { 404: "No recap of the account has this id, or it was never shared." },
  },
  revokeShare: {
    kind: "api",
    operationId: "revokeRecapShare",
    method: "delete",
    path: "/api/v1/worklog/recaps/{id}/share",
    tag,
    summary: "Revoke a recap's link",
    description: "The link answers 404 from now on; its views stay counted. A revoked link is answered as it is.",
    scope: "worklog:write",
    role: "member",
    plan: RECAP_PLAN,
    responses: {
      200: {
        description: "The revoked link.",
        schema: recapShareResponseSchema,
        example: { ...recapShareExample, active: false, revoked_at: "2026-11-23T08:00:00.000Z" },
      },
    },
    errors: { 404: "No recap of the account has this id, or it was never shared." },
  },
} satisfies Record<string, Operation>;
