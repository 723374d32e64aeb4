// The request headers the API reference documents as parameters: conditional reads and writes, and the Idempotency-Key.
import { IDEMPOTENCY_KEY_HEADER } from "@/lib/api/idempotency-key";
import type { Parameter } from "./types";

export const ifNoneMatch: Parameter = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of an earlier answer: while nothing of the account has changed, the answer is 304 with no body.",
  schema: { type: "string" },
};

export const idempotencyKey: Parameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: "header",
  required: false,
  description:
    "1–255 printable ASCII characters naming this request: a retry with the same key and body within 7 days gets the first answer again (with `idempotent-replayed: true`) and changes nothing; the same key with another request is a 422.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7e]+$" },
};

export const ifMatch: Parameter = {
  name: "If-Match",
  in: "header",
  required: false,
  description:
    'The resource\'s `updated_at` as read, in double quotes (`"2026-11-20T09:30:00.000Z"`), or `*`: the write happens only while the resource is at that version, else 412.',
  schema: { type: "string" },
};

/** The document's own revalidation (docs/api.md, "Endpoints": `GET /openapi.json`). */
export const documentIfNoneMatch: Parameter = {
  ...ifNoneMatch,
  description: "The ETag of an earlier answer: while the document is the same, the answer is 304 with no body.",
};
