import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { ForgeProvider } from "./providers";

/** GitHub's `X-Hub-Signature-256` of a body: `sha256=` and the hex HMAC-SHA256 of its bytes under the hook's secret. */
export function githubSignature(secret: string, body: Uint8Array): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

/** Compared in constant time: buffers of equal length, whatever was sent. */
function sameDigest(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

const sha256 = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether a delivery proves it knows the hook's secret: GitHub signs the raw body
 * (`X-Hub-Signature-256`), GitLab sends the secret itself (`X-Gitlab-Token`). `sent` is that
 * header's value, or null when the request has none.
 */
export function verifyForgeDelivery(provider: ForgeProvider, secret: string, body: Uint8Array, sent: string | null): boolean {
  if (sent === null) return false;
  if (provider === "github") return sameDigest(Buffer.from(githubSignature(secret, body)), Buffer.from(sent.trim().toLowerCase()));
  // Both sides hashed first, so that the comparison takes the same time whatever the token's length.
  return sameDigest(sha256(secret), sha256(sent));
}
