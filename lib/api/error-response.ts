import { z } from "zod";
import { workspaceRoles } from "@/lib/access/roles";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { AppError, type ErrorKind } from "@/lib/errors";
import { responseSchemas } from "@/lib/openapi/components";

const statusOf: Record<ErrorKind, number> = {
  invalid_request: 400,
  authentication: 401,
  authorization: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  state_conflict: 409,
  gone: 410,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  rate_limited: 429,
  limit_reached: 429,
  unavailable: 503,
};

type GeneralErrorKind = Exclude<ErrorKind, "validation" | "rate_limited" | "unavailable">;

const typeOf = {
  invalid_request: "invalid_request_error",
  authentication: "authentication_error",
  authorization: "authorization_error",
  not_found: "not_found_error",
  method_not_allowed: "invalid_request_error",
  conflict: "idempotency_error",
  state_conflict: "invalid_request_error",
  gone: "invalid_request_error",
  precondition_failed: "precondition_failed_error",
  payload_too_large: "invalid_request_error",
  unsupported_media_type: "invalid_request_error",
  limit_reached: "rate_limit_error",
} as const satisfies Record<GeneralErrorKind, string>;

/**
 * The general error body (docs/api.md, "Errors"); a missing scope adds `details` (docs/api.md,
 * "Scopes"), as does a role below the one required (docs/api.md, "Workspaces").
 */
export const errorBodySchema = z
  .object({
    error: z.object({
      message: z.string(),
      type: z.enum([...new Set(Object.values(typeOf)), "internal_error"]),
    }),
    details: z
      .union([z.object({ required_scope: z.string(), granted_scopes: z.array(z.string()) }), z.object({ required_role: z.enum(workspaceRoles) })])
      .optional(),
  })
  .register(responseSchemas, { id: "Error" });

/** 422: every field problem at once, each with a JSON Pointer into the request body. */
export const validationErrorBodySchema = z
  .object({
    errors: z.array(
      z.object({
        title: z.literal("Invalid value"),
        detail: z.string(),
        source: z.object({ pointer: z.string() }),
      }),
    ),
  })
  .register(responseSchemas, { id: "ValidationError" });

/** 429: the message and the whole seconds until the window ends, as in `retry-after`. */
export const rateLimitErrorBodySchema = z
  .object({ error: z.string(), retry_after: z.number().int().min(1) })
  .register(responseSchemas, { id: "RateLimitError" });

export type ErrorBody = z.infer<typeof errorBodySchema> | z.infer<typeof validationErrorBodySchema> | z.infer<typeof rateLimitErrorBodySchema>;

/** What a caller is told of an error that is not one of the contract's: nothing about its cause. */
export const INTERNAL_ERROR_MESSAGE = "Something went wrong. Please try again later.";

const internalBody = { error: { message: INTERNAL_ERROR_MESSAGE, type: "internal_error" } } satisfies ErrorBody;

/** The body an error is sent with. */
export function errorBody(error: AppError): ErrorBody {
  switch (error.kind) {
    case "validation":
      return {
        errors: error.issues.map((issue) => ({ title: "Invalid value" as const, detail: issue.detail, source: { pointer: issue.pointer } })),
      };
    case "rate_limited":
      return { error: error.message, ...error.extra } as ErrorBody;
    case "unavailable":
      return internalBody;
    default:
      return { error: { message: error.message, type: typeOf[error.kind] }, ...error.extra };
  }
}

/** The one place where errors become the bodies of docs/api.md, "Errors". Causes are logged, never returned. */
export function errorResponse(error: unknown, requestId: string): Response {
  const headers = { "x-request-id": requestId };
  if (error instanceof AppError) {
    return Response.json(errorBody(error), { status: statusOf[error.kind], headers: { ...headers, ...error.headers } });
  }
  return Response.json(internalBody, { status: logUnexpectedError(error, requestId), headers });
}

/** Logs an error that is not an AppError under the request's id; its status is 503 while the database is unreachable, else 500. */
export function logUnexpectedError(error: unknown, requestId: string): 500 | 503 {
  const unavailable = isDatabaseUnavailable(error);
  console.error(`[api] request ${requestId} failed${unavailable ? " (database unavailable)" : ""}:`, error);
  return unavailable ? 503 : 500;
}
