import { isDatabaseUnavailable } from "@/lib/db/errors";
import { AppError, type ErrorKind } from "@/lib/errors";

const statusOf: Record<ErrorKind, number> = {
  invalid_request: 400,
  authentication: 401,
  authorization: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  validation: 422,
  rate_limited: 429,
  unavailable: 503,
};

const typeOf: Partial<Record<ErrorKind, string>> = {
  invalid_request: "invalid_request_error",
  authentication: "authentication_error",
  authorization: "authorization_error",
  not_found: "not_found_error",
  method_not_allowed: "invalid_request_error",
  payload_too_large: "invalid_request_error",
};

const internalBody = { error: { message: "Something went wrong. Please try again later.", type: "internal_error" } };

function bodyOf(error: AppError): unknown {
  switch (error.kind) {
    case "validation":
      return {
        errors: error.issues.map((issue) => ({ title: "Invalid value", detail: issue.detail, source: { pointer: issue.pointer } })),
      };
    case "rate_limited":
      return { error: error.message, ...error.extra };
    case "unavailable":
      return internalBody;
    default:
      return { error: { message: error.message, type: typeOf[error.kind] }, ...error.extra };
  }
}

/** The one place where errors become the bodies of CONTRACT.md §7. Causes are logged, never returned. */
export function errorResponse(error: unknown, requestId: string): Response {
  const headers = { "x-request-id": requestId };
  if (error instanceof AppError) {
    return Response.json(bodyOf(error), { status: statusOf[error.kind], headers: { ...headers, ...error.headers } });
  }
  const unavailable = isDatabaseUnavailable(error);
  console.error(`[api] request ${requestId} failed${unavailable ? " (database unavailable)" : ""}:`, error);
  return Response.json(internalBody, { status: unavailable ? 503 : 500, headers });
}
