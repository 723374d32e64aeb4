// The responses and headers every operation of the document shares (`components.responses`,
// `components.headers`), with the bodies the error mapper really sends.
import { MAX_BODY_BYTES, payloadTooLarge, unsupportedMediaType } from "@/lib/api/body";
import { stillRunning } from "@/lib/api/idempotency-key";
import { errorBody, errorBodySchema, rateLimitErrorBodySchema, validationErrorBodySchema } from "@/lib/api/error-response";
import { authenticationError, authenticationMessages } from "@/lib/auth/authorization-header";
import { roleRefusal, transferOwnershipFirst } from "@/lib/access/roles";
import { requireScope } from "@/lib/auth/scopes";
import { AppError } from "@/lib/errors";
import { projectCreateSchema } from "@/lib/projects/schemas";
import { sinceTooOld } from "@/lib/sync/schemas";
import { changedSinceRead } from "@/lib/api/preconditions";
import { PLAN_REQUIRED_MESSAGE } from "@/lib/users/plans";
import { parseInput } from "@/lib/validation";
import { responseSchemas } from "./components";

import { callerHeaders, ref, schemaRef } from "./references";
import type { Example, MediaType, OpenApiDocument, ResponseObject } from "./types";

export const mebibytes = (bytes: number) => bytes / 1024 / 1024;

/** Runs a check that must fail, and returns the body its error is sent with. */
function bodyOfFailure(check: () => unknown): unknown {
  try {
    check();
  } catch (error) {
    if (error instanceof AppError) return errorBody(error);
  }
  throw new Error("the check passed");
}

function errorExample(summary: string, error: AppError): Example {
  return { summary, value: errorBody(error) };
}

const generalError = { schema: schemaRef(errorBodySchema, responseSchemas) };

/** The errors shared by every /api/v1 endpoint, with the bodies the error mapper really sends. */
export function errorResponses(): Record<string, ResponseObject> {
  const json = (media: MediaType) => ({ "application/json": media });
  const requestId = { "x-request-id": ref("headers", "RequestId") };
  return {
    BadRequest: {
      description: "Malformed JSON, a body that is not an object, or an invalid query parameter; the message names it.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(AppError.invalidRequest("limit must be an integer between 1 and 100")) }),
    },
    Unauthorized: {
      description: "No valid API key or OAuth access token.",
      headers: { ...requestId, "www-authenticate": ref("headers", "WwwAuthenticate") },
      content: json({
        ...generalError,
        examples: {
          missing: errorExample("No Authorization header", authenticationError(authenticationMessages.missingKey)),
          invalidKey: errorExample("An unknown or revoked key", authenticationError(authenticationMessages.invalidKey)),
          invalidToken: errorExample("An unknown, expired or revoked token", authenticationError(authenticationMessages.invalidToken)),
        },
      }),
    },
    Forbidden: {
      description: "The key or token lacks the scope the endpoint requires, or the caller's role in the workspace is below the one it requires.",
      headers: requestId,
      content: json({
        ...generalError,
        examples: {
          scope: {
            summary: "A missing scope",
            value: bodyOfFailure(() => requireScope(["project:read", "worklog:*"], "project:write", "API key")),
          },
          role: errorExample("A role below the one required", roleRefusal("admin")),
          plan: errorExample("An account without plan pro (recaps)", new AppError("authorization", PLAN_REQUIRED_MESSAGE)),
        },
      }),
    },
    NotFound: {
      description: "No such resource in the account. Another account's resources are indistinguishable from missing ones.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(AppError.notFound()) }),
    },
    Conflict: {
      description: "The resource's state refuses the change.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(transferOwnershipFirst()) }),
    },
    Gone: {
      description: "What was asked for is no longer kept.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(sinceTooOld()) }),
    },
    PreconditionFailed: {
      description: "`If-Match` names another version than the resource's: it changed since it was read. Read it again (a GET) and decide.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(changedSinceRead()) }),
    },
    IdempotencyConflict: {
      description: "A request with the same `Idempotency-Key` is still running. Retry once it has answered.",
      headers: requestId,
      content: json({
        ...generalError,
        example: errorBody(stillRunning()),
      }),
    },
    PayloadTooLarge: {
      description: `The request body is over ${mebibytes(MAX_BODY_BYTES)} MiB.`,
      headers: requestId,
      content: json({ ...generalError, example: errorBody(payloadTooLarge()) }),
    },
    UnsupportedMediaType: {
      description: "A request body whose `Content-Type` is not `application/json` (or another `+json` type). Answered before authentication.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(unsupportedMediaType()) }),
    },
    ValidationFailed: {
      description: "A field is invalid. Every invalid field is listed, each with a JSON Pointer into the request body.",
      headers: requestId,
      content: json({
        schema: schemaRef(validationErrorBodySchema, responseSchemas),
        example: bodyOfFailure(() => parseInput(projectCreateSchema, { description: "x".repeat(2001) })),
      }),
    },
    TooManyRequests: {
      description: "Over the account's rate limit (or, for failed authentications, the client address's). Retry after `retry-after` seconds.",
      headers: { ...callerHeaders, "retry-after": ref("headers", "RetryAfter") },
      content: json({
        schema: schemaRef(rateLimitErrorBodySchema, responseSchemas),
        example: errorBody(
          new AppError("rate_limited", "Rate limit exceeded: 500 requests per minute. Retry after 42 seconds.", { extra: { retry_after: 42 } }),
        ),
      }),
    },
    RequestHeaderFieldsTooLarge: {
      description: "Request headers over 80 KiB in all, under `npm start`: refused by the HTTP server before the API, with no body.",
    },
    NotModified: {
      description: "Nothing of the account has changed since the answer whose ETag `If-None-Match` names: no body.",
      headers: { ...requestId, etag: ref("headers", "ETag"), "cache-control": ref("headers", "CacheControl") },
    },
    ServiceUnavailable: {
      description: "The database cannot be reached. Safe to retry with exponential backoff.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(new AppError("unavailable", "database unreachable")) }),
    },
  };
}

const integer = { type: "integer" };

export const sharedHeaders: OpenApiDocument["components"]["headers"] = {
  RequestId: { description: "Identifies the request in the server's logs.", schema: { type: "string", format: "uuid" } },
  RateLimitLimit: { description: "Requests allowed per window (500 unless the server is configured otherwise).", schema: integer },
  RateLimitRemaining: { description: "Requests left in the current window.", schema: integer },
  RateLimitReset: { description: "When the current window ends, in Unix seconds.", schema: integer },
  RateLimitWindow: { description: "The window's length in seconds (60 unless the server is configured otherwise).", schema: { type: "integer", minimum: 1 } },
  RateLimitPolicy: {
    description: 'The limit as IETF httpapi-ratelimit-headers say it: `"default"; q=<requests>; w=<window seconds>`.',
    schema: { type: "string" },
  },
  RateLimit: { description: 'What is left of it: `"default"; r=<requests remaining>; t=<seconds until the window ends>`.', schema: { type: "string" } },
  ETag: {
    description: "A weak tag of this read; send it back as `If-None-Match` to get a 304 while nothing of the account has changed.",
    schema: { type: "string" },
  },
  CacheControl: {
    description: "`private, no-cache`: keep the answer, and revalidate it with its ETag.",
    schema: { type: "string", const: "private, no-cache" },
  },
  RetryAfter: { description: "Whole seconds until the window ends.", schema: { type: "integer", minimum: 1 } },
  IdempotentReplayed: {
    description: "`true` on the kept answer to an earlier request with the same `Idempotency-Key`, sent again: nothing was changed this time.",
    schema: { type: "string", const: "true" },
  },
  ContentDisposition: {
    description: 'A download: `attachment; filename="…"`.',
    schema: { type: "string" },
  },
  WwwAuthenticate: { description: "The scheme to authenticate with.", schema: { type: "string", const: 'Basic realm="api"' } },
};
