import { apiMethods } from "@/lib/api/route";
import { OAuthError } from "@/lib/oauth/errors";
import { oauthOperations } from "@/lib/oauth/operations";
import { oauthRoute } from "@/lib/oauth/route";
import { describeToken } from "@/lib/oauth/tokens";

function bearerToken(request: Request): string | undefined {
  return /^bearer\s+(\S+)$/i.exec(request.headers.get("authorization")?.trim() ?? "")?.[1];
}

export const { POST, GET, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  oauthRoute(oauthOperations.getTokenInfo, async ({ token }, request) => {
    const described = token ?? bearerToken(request);
    if (!described) throw new OAuthError("invalid_token", 401);
    return describeToken(described);
  }),
);
