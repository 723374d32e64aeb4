import { z } from "zod";
import { requestSchemas, responseSchemas } from "@/lib/openapi/components";
import { isStorableText, text } from "@/lib/validation";

const parameter = z.string().trim().min(1).refine(isStorableText);

export const deviceCodeRequestSchema = z
  .object({
    client_id: parameter,
    scope: z.string().meta({ description: "The scopes asked for, separated by commas or spaces, e.g. `project:read worklog:*`." }).optional(),
  })
  .register(requestSchemas, { id: "DeviceCodeRequest" });

/** RFC 8628 §3.4: `grant_type` and `client_id` may be left out, as the Accomplish CLI does. */
export const DEVICE_CODE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";

export const deviceTokenRequestSchema = z
  .object({
    device_code: parameter,
    grant_type: parameter.meta({ description: `\`${DEVICE_CODE_GRANT_TYPE}\` when given.` }).optional(),
    client_id: parameter.optional(),
  })
  .register(requestSchemas, { id: "DeviceTokenRequest" });

export const refreshRequestSchema = z
  .object({
    grant_type: parameter.meta({ description: "`refresh_token`" }),
    refresh_token: parameter,
    client_id: parameter.optional(),
  })
  .register(requestSchemas, { id: "RefreshRequest" });

export const tokenRequestSchema = z.object({ token: parameter }).register(requestSchemas, { id: "TokenRequest" });

/**
 * A client's redirect URI: its listener on the user's own machine, which /device tells the
 * decision from the browser (docs/api.md, "OAuth device flow"). Not `[::1]`: the pages'
 * Content-Security-Policy must let /device reach it, and cannot name an IPv6 address (proxy.ts).
 */
export const loopbackCallbackSchema = z.url({ protocol: /^http$/, hostname: /^(?:127\.0\.0\.1|localhost)$/ }).max(2048);

/** `npm run admin -- client:create`: a client registered by the operator. */
export const newClientSchema = z.object({
  name: text(1, 100),
  redirect_uri: loopbackCallbackSchema.nullish(),
  ttl_days: z.coerce.number().int().min(1).max(3650).default(90),
});
export type NewClient = z.output<typeof newClientSchema>;

/** `POST /auth/token_info`: the token to describe in the body, or else the Bearer token of the request. */
export const tokenInfoRequestSchema = z.object({ token: parameter.optional() }).register(requestSchemas, { id: "TokenInfoRequest" });

/** RFC 8628 §3.2: what a client shows its user, and how often it may poll. */
export const deviceCodeResponseSchema = z
  .object({
    device_code: z.string(),
    user_code: z.string().regex(/^[A-Z]{4}-[A-Z]{4}$/),
    verification_uri: z.url(),
    verification_uri_complete: z.url(),
    expires_in: z.number().int(),
    interval: z.number().int(),
  })
  .register(responseSchemas, { id: "DeviceCode" });

/** RFC 6749 §5.1; scopes are space-separated there. */
export const tokenResponseSchema = z
  .object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    refresh_token: z.string(),
    expires_in: z.number().int(),
    scope: z.string(),
  })
  .register(responseSchemas, { id: "Token" });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const revokeResponseSchema = z.object({ revoked: z.literal(true) }).register(responseSchemas, { id: "Revoked" });
export type RevokeResponse = z.infer<typeof revokeResponseSchema>;

/** RFC 7662's introspection answer for a live access token; anything else is a 401. */
export const tokenInfoResponseSchema = z
  .object({
    active: z.literal(true),
    scope: z.string(),
    client_id: z.string(),
    username: z.string(),
    exp: z.number().int(),
  })
  .register(responseSchemas, { id: "TokenInfo" });
export type TokenInfoResponse = z.infer<typeof tokenInfoResponseSchema>;
