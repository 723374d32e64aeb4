// What the server's answer to an item means for it (docs/api.md, "Errors", "Idempotency-Key").

export type Outcome =
  /** Saved (or saved before, and answered again): the item is done. */
  | { kind: "done" }
  /** Not now (no connection, the server failing or busy, the same key still running): tried again later, in order. */
  | { kind: "retry"; message: string }
  /** The session ended: everything waits until the person signs in again. */
  | { kind: "sign-in" }
  /** The entry changed on the server since it was read (412). */
  | { kind: "conflict" }
  /** Refused: the person fixes it or discards it. */
  | { kind: "failed"; message: string };

export const unreachableMessage = "The server could not be reached; it will be tried again.";

const asRecord = (body: unknown): Record<string, unknown> => (typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {});

/** The server's message in an error body: the general body's `error.message`, or a 422's first problem with the field it names. */
export function serverMessage(body: unknown, status: number): string {
  const { error, errors } = asRecord(body);
  const general = asRecord(error).message;
  if (typeof general === "string") return general;
  const first = Array.isArray(errors) ? asRecord(errors[0]) : {};
  if (typeof first.detail === "string") {
    const pointer = asRecord(first.source).pointer;
    const field = typeof pointer === "string" ? pointer.replace(/^\//, "").replaceAll("/", " ") : "";
    return field ? `${field}: ${first.detail}` : first.detail;
  }
  return `The server refused this change (${status}).`;
}

export function outcomeOf(status: number, body: unknown): Outcome {
  if (status >= 200 && status < 300) return { kind: "done" };
  if (status === 401) return { kind: "sign-in" };
  if (status === 412) return { kind: "conflict" };
  if (status === 409 || status === 429 || status >= 500 || status < 400) return { kind: "retry", message: retryMessage(status) };
  return { kind: "failed", message: serverMessage(body, status) };
}

function retryMessage(status: number): string {
  if (status === 409) return "The server is still saving an earlier try of this change; it will be tried again.";
  if (status === 429) return "Too many requests for now; it will be tried again.";
  return `The server could not save it (${status}); it will be tried again.`;
}
