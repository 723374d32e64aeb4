import { z } from "zod";
import { isStorableText, text } from "@/lib/validation";

const parameter = z.string().trim().min(1).refine(isStorableText);

export const deviceCodeRequestSchema = z.object({ client_id: parameter, scope: z.string().optional() });

/** RFC 8628 §3.4: `grant_type` and `client_id` may be left out, as the Accomplish CLI does. */
export const DEVICE_CODE_GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";

export const deviceTokenRequestSchema = z.object({
  device_code: parameter,
  grant_type: parameter.optional(),
  client_id: parameter.optional(),
});

export const refreshRequestSchema = z.object({
  grant_type: parameter,
  refresh_token: parameter,
  client_id: parameter.optional(),
});

export const tokenRequestSchema = z.object({ token: parameter });

/** `npm run admin -- client:create`: a client registered by the operator. */
export const newClientSchema = z.object({
  name: text(1, 100),
  redirect_uri: z.url({ protocol: /^https?$/ }).max(2048).nullish(),
  ttl_days: z.coerce.number().int().min(1).max(3650).default(90),
});
export type NewClient = z.output<typeof newClientSchema>;

/** `POST /auth/token_info`: the token to describe in the body, or else the Bearer token of the request. */
export const tokenInfoRequestSchema = z.object({ token: parameter.optional() });
