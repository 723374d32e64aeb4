import { z } from "zod";
import type { RecapShare } from "@/lib/db/client";
import { responseSchemas } from "@/lib/openapi/components";

export const recapShareResponseSchema = z
  .object({
    recap_id: z.uuid(),
    active: z.boolean().meta({ description: "Whether the link opens the recap: false once revoked." }),
    views: z.number().int().meta({ description: "How many times the link's page was opened, by anyone, its owner included." }),
    created_at: z.iso.datetime(),
    revoked_at: z.iso.datetime().nullable(),
  })
  .register(responseSchemas, { id: "RecapShare" });
export type RecapShareResponse = z.infer<typeof recapShareResponseSchema>;

export const createdRecapShareResponseSchema = recapShareResponseSchema
  .extend({
    url: z.url().meta({ description: "The link, `/r/<token>`: answered this once, since only a hash of the token is stored." }),
    token: z.string().meta({ description: "The link's token, 22 letters and digits." }),
  })
  .register(responseSchemas, { id: "CreatedRecapShare" });
export type CreatedRecapShareResponse = z.infer<typeof createdRecapShareResponseSchema>;

/** Where a link's token opens its recap, without signing in. */
export const sharePath = (token: string) => `/r/${token}`;

export function toRecapShareResponse(share: RecapShare): RecapShareResponse {
  return {
    recap_id: share.recapId,
    active: share.revokedAt === null,
    views: share.views,
    created_at: share.createdAt.toISOString(),
    revoked_at: share.revokedAt?.toISOString() ?? null,
  };
}

/** A new link, with its token and its URL at `origin`: the one answer that holds them. */
export function toCreatedRecapShareResponse(share: RecapShare, token: string, origin: string): CreatedRecapShareResponse {
  return { ...toRecapShareResponse(share), url: `${origin}${sharePath(token)}`, token };
}
