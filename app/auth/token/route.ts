import { apiMethods } from "@/lib/api/route";
import { OAuthError } from "@/lib/oauth/errors";
import { oauthOperations } from "@/lib/oauth/operations";
import { oauthRoute } from "@/lib/oauth/route";
import { refreshTokens } from "@/lib/oauth/tokens";

export const { POST, GET, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  oauthRoute(oauthOperations.refreshToken, async ({ grant_type, refresh_token, client_id }) => {
    if (grant_type !== "refresh_token") throw new OAuthError("unsupported_grant_type");
    return refreshTokens(refresh_token, client_id);
  }),
);
