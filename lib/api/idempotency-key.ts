import { createHash } from "node:crypto";
import { AppError } from "@/lib/errors";

// What a request's Idempotency-Key is and what its answers say (docs/api.md, "Idempotency-Key");
// the keys are kept by lib/api/idempotency.ts.

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "idempotent-replayed";

/** Every write of /api/v1 takes a key: its POSTs, PUTs and DELETEs (docs/api.md, "Idempotency-Key"). */
export const takesIdempotencyKey = (operation: { kind: string; method: string }) => operation.kind === "api" && operation.method !== "get";

/** 1–255 printable ASCII characters. */
const keyPattern = /^[\x20-\x7e]{1,255}$/;

/** The request's Idempotency-Key, if it sent one; a 400 for one that is not 1–255 printable ASCII characters. */
export function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (key === null) return undefined;
  if (!keyPattern.test(key)) throw AppError.invalidRequest("Idempotency-Key must be 1 to 255 printable ASCII characters");
  return key;
}

/** What makes two requests the same: the method, the path with its query, and the body's bytes. */
export function requestFingerprint(method: string, url: string, body: Uint8Array): string {
  const { pathname, search } = new URL(url);
  return `${method} ${pathname}${search} ${createHash("sha256").update(body).digest("base64url")}`;
}

export const differentRequest = () => AppError.validation([{ pointer: "", detail: "Idempotency-Key was used with a different request" }]);

export const stillRunning = () => new AppError("conflict", "A request with this Idempotency-Key is still running; retry once it has answered");
