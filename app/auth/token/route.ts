import { OAuthError } from "@/lib/oauth/errors";
import { oauthEndpoint } from "@/lib/oauth/route";
import { refreshRequestSchema } from "@/lib/oauth/schemas";
import { refreshTokens } from "@/lib/oauth/tokens";

export const { POST, GET, PUT, PATCH, DELETE } = oauthEndpoint(refreshRequestSchema, async ({ grant_type, refresh_token, client_id }) => {
  if (grant_type !== "refresh_token") throw new OAuthError("unsupported_grant_type");
  return refreshTokens(refresh_token, client_id);
});
