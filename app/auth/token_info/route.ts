import { OAuthError } from "@/lib/oauth/errors";
import { oauthEndpoint } from "@/lib/oauth/route";
import { tokenInfoRequestSchema } from "@/lib/oauth/schemas";
import { describeToken } from "@/lib/oauth/tokens";

function bearerToken(request: Request): string | undefined {
  return /^bearer\s+(\S+)$/i.exec(request.headers.get("authorization")?.trim() ?? "")?.[1];
}

export const { POST, GET, PUT, PATCH, DELETE } = oauthEndpoint(tokenInfoRequestSchema, async ({ token }, request) => {
  const described = token ?? bearerToken(request);
  if (!described) throw new OAuthError("invalid_token", 401);
  return describeToken(described);
});
