import { z } from "zod";
import { responseSchemas } from "@/lib/openapi/components";

/**
 * The error codes of RFC 6749 §5.2, RFC 7662 and RFC 8628 §3.5 that the OAuth endpoints send,
 * and `rate_limited` for a 429: no RFC has a code for it, and `slow_down` means polling too often.
 */
export const oauthErrorCodes = [
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "invalid_scope",
  "invalid_token",
  "unsupported_grant_type",
  "authorization_pending",
  "slow_down",
  "access_denied",
  "expired_token",
  "rate_limited",
] as const;
export type OAuthErrorCode = (typeof oauthErrorCodes)[number];

export const oauthErrorBodySchema = z.object({ error: z.enum(oauthErrorCodes) }).register(responseSchemas, { id: "OAuthError" });
export type OAuthErrorBody = z.infer<typeof oauthErrorBodySchema>;

/** An error of the OAuth endpoints, sent as `{"error": code}` (docs/api.md, "OAuth device flow"). */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly status: 400 | 401 | 429 = 400,
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = "OAuthError";
  }
}
