import { after } from "next/server";
import { getDb, type User } from "@/lib/db/client";
import { apiKeyPattern, sha256Hex } from "./api-keys";
import { authenticationError, authenticationMessages, parseAuthorizationHeader } from "./authorization-header";

/** Who is calling /api/v1, with what they may do. */
export type Principal = {
  kind: "api_key" | "oauth_token";
  credentialId: string;
  scopes: string[];
  user: User;
};

const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * Records use at most once a minute per credential, after the response has been sent, so that
 * it never delays a request.
 */
function recordUse(kind: Principal["kind"], credential: { id: string; lastUsedAt: Date | null }) {
  const now = new Date();
  const since = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
  if (credential.lastUsedAt && credential.lastUsedAt > since) return;
  after(async () => {
    const where = { id: credential.id, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: since } }] };
    const data = { lastUsedAt: now };
    try {
      await (kind === "api_key" ? getDb().apiKey.updateMany({ where, data }) : getDb().oAuthToken.updateMany({ where, data }));
    } catch (error) {
      console.error("[auth] could not record last use:", (error as Error).message);
    }
  });
}

async function authenticateApiKey(key: string): Promise<Principal> {
  if (!apiKeyPattern.test(key)) throw authenticationError(authenticationMessages.invalidKey);
  const apiKey = await getDb().apiKey.findUnique({ where: { hashedKey: sha256Hex(key) }, include: { user: true } });
  if (!apiKey || apiKey.revokedAt) throw authenticationError(authenticationMessages.invalidKey);
  recordUse("api_key", apiKey);
  return { kind: "api_key", credentialId: apiKey.id, scopes: apiKey.scopes, user: apiKey.user };
}

async function authenticateOAuthToken(token: string): Promise<Principal> {
  const record = await getDb().oAuthToken.findUnique({ where: { accessTokenHash: sha256Hex(token) }, include: { user: true } });
  if (!record || record.revokedAt || record.accessExpiresAt <= new Date()) throw authenticationError(authenticationMessages.invalidToken);
  recordUse("oauth_token", record);
  return { kind: "oauth_token", credentialId: record.id, scopes: record.scopes, user: record.user };
}

/** Authenticates a request to /api/v1 from its Authorization header, or throws the contract's 401. */
export function authenticate(authorization: string | null): Promise<Principal> {
  const credential = parseAuthorizationHeader(authorization);
  return credential.kind === "api_key" ? authenticateApiKey(credential.key) : authenticateOAuthToken(credential.token);
}
