/** The error codes of RFC 6749 §5.2, RFC 7662 and RFC 8628 §3.5 that the OAuth endpoints send. */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "invalid_scope"
  | "invalid_token"
  | "unsupported_grant_type"
  | "authorization_pending"
  | "slow_down"
  | "access_denied"
  | "expired_token";

/** An error of the OAuth endpoints, sent as `{"error": code}` (CONTRACT.md §9). */
export class OAuthError extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    readonly status: 400 | 401 = 400,
  ) {
    super(code);
    this.name = "OAuthError";
  }
}
