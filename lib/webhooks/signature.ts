import { createHmac, randomBytes } from "node:crypto";

/**
 * Signatures of the Standard Webhooks specification (https://www.standardwebhooks.com), which
 * its libraries verify (README "Webhooks"): the secret is `whsec_` and base64 key bytes; each
 * request carries `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`,
 * `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the key.
 */

const SECRET_PREFIX = "whsec_";

/** A new secret: 32 random bytes. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString("base64");
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The headers of one signed request; the same `id` on every retry of a message. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestamp),
    "webhook-signature": signatureOf(secret, id, timestamp, body),
  };
}
