import { apiMethods } from "@/lib/api/route";
import { oauthOperations } from "@/lib/oauth/operations";
import { oauthRoute } from "@/lib/oauth/route";
import type { RevokeResponse } from "@/lib/oauth/schemas";
import { revokeToken } from "@/lib/oauth/tokens";

export const { POST, GET, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  oauthRoute(oauthOperations.revokeToken, async ({ token }) => {
    await revokeToken(token);
    return { revoked: true } satisfies RevokeResponse;
  }),
);
