import { oauthEndpoint } from "@/lib/oauth/route";
import { tokenRequestSchema, type RevokeResponse } from "@/lib/oauth/schemas";
import { revokeToken } from "@/lib/oauth/tokens";

export const { POST, GET, PUT, PATCH, DELETE } = oauthEndpoint(tokenRequestSchema, async ({ token }) => {
  await revokeToken(token);
  return { revoked: true } satisfies RevokeResponse;
});
