import type { Operation } from "@/lib/api/operation";
import { exampleOrigin } from "@/lib/openapi/examples";
import { userExample } from "@/lib/users/examples";
import {
  deviceCodeRequestSchema,
  deviceCodeResponseSchema,
  deviceTokenRequestSchema,
  refreshRequestSchema,
  revokeResponseSchema,
  tokenInfoRequestSchema,
  tokenInfoResponseSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  type TokenResponse,
} from "./schemas";

const tag = {
  name: "OAuth device flow",
  description:
    'How command-line tools obtain an OAuth access token (RFC 8628). These endpoints live at the origin\'s root, take JSON or form-encoded bodies and answer errors as `{"error": "<code>"}`.',
};

const cliClientId = "90w0AXnlNgnh2XBJdexYjw";
const deviceCode = "Yh3bM0qk7Xv2N9pL4sR8tW1zC6dF5gJ0aE3iU7oK2nQ";

const tokenExample = {
  access_token: "wlo_5Vt3kq0bXhR8yN2mL7cJ4pW9sD1fG6aZ0eU3iO8r",
  token_type: "Bearer",
  refresh_token: "wlr_Q2w9E4r7T1y6U3i8O5p0A2s7D4f9G1h6J3k8L5z0",
  expires_in: 7_776_000,
  scope: "project:read worklog:*",
} satisfies TokenResponse;

export const oauthOperations = {
  startDeviceAuthorization: {
    kind: "oauth",
    operationId: "startDeviceAuthorization",
    method: "post",
    path: "/auth/device/code",
    tag,
    summary: "Start a device authorization",
    description:
      "A client asks for scopes. Show the user `user_code` and `verification_uri`, where they approve or deny while signed in, then poll the token endpoint every `interval` seconds. The codes expire after `expires_in` seconds.",
    body: { schema: deviceCodeRequestSchema, example: { client_id: cliClientId, scope: "project:read worklog:*" } },
    responses: {
      200: {
        description: "The codes of the new grant.",
        schema: deviceCodeResponseSchema,
        example: {
          device_code: deviceCode,
          user_code: "BCDF-GHJK",
          verification_uri: `${exampleOrigin}/device`,
          verification_uri_complete: `${exampleOrigin}/device?user_code=BCDF-GHJK`,
          expires_in: 600,
          interval: 5,
        },
      },
    },
    oauthErrors: { 400: ["invalid_request", "invalid_scope"], 401: ["invalid_client"], 429: ["rate_limited"] },
  },
  pollDeviceToken: {
    kind: "oauth",
    operationId: "pollDeviceToken",
    method: "post",
    path: "/auth/device/token",
    tag,
    summary: "Poll for the tokens",
    description:
      "Answers `authorization_pending` until the user decides, `slow_down` when polled faster than `interval`, then the tokens once. A device code is single-use.",
    body: { schema: deviceTokenRequestSchema, example: { device_code: deviceCode } },
    responses: { 200: { description: "The access and refresh tokens.", schema: tokenResponseSchema, example: tokenExample } },
    oauthErrors: {
      400: ["invalid_request", "authorization_pending", "slow_down", "access_denied", "expired_token", "invalid_grant", "unsupported_grant_type"],
    },
  },
  refreshToken: {
    kind: "oauth",
    operationId: "refreshToken",
    method: "post",
    path: "/auth/token",
    tag,
    summary: "Refresh the tokens",
    description: "Exchanges a refresh token for a new pair; the old access and refresh tokens stop working.",
    body: { schema: refreshRequestSchema, example: { grant_type: "refresh_token", refresh_token: tokenExample.refresh_token } },
    responses: { 200: { description: "The new pair.", schema: tokenResponseSchema, example: tokenExample } },
    oauthErrors: { 400: ["invalid_request", "invalid_grant", "unsupported_grant_type"], 429: ["rate_limited"] },
  },
  revokeToken: {
    kind: "oauth",
    operationId: "revokeToken",
    method: "post",
    path: "/auth/revoke",
    tag,
    summary: "Revoke tokens",
    description: "Revokes the pair the access or refresh token belongs to (RFC 7009). An unknown token is no error.",
    body: { schema: tokenRequestSchema, example: { token: tokenExample.access_token } },
    responses: { 200: { description: "Revoked (or never valid).", schema: revokeResponseSchema, example: { revoked: true } } },
    oauthErrors: { 400: ["invalid_request"], 429: ["rate_limited"] },
  },
  getTokenInfo: {
    kind: "oauth",
    operationId: "getTokenInfo",
    method: "post",
    path: "/auth/token_info",
    tag,
    summary: "Describe an access token",
    description: "Describes the access token in the body, or else the Bearer token of the request.",
    optionalBearer: true,
    body: { schema: tokenInfoRequestSchema, example: { token: tokenExample.access_token } },
    responses: {
      200: {
        description: "The token is live.",
        schema: tokenInfoResponseSchema,
        example: { active: true, scope: tokenExample.scope, client_id: cliClientId, username: userExample.email, exp: 1_787_650_200 },
      },
    },
    oauthErrors: { 400: ["invalid_request"], 401: ["invalid_token"], 429: ["rate_limited"] },
  },
} satisfies Record<string, Operation>;
