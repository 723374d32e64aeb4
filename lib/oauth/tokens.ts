import { sha256Hex } from "@/lib/crypto";
import { getDb, type Transaction } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { generateTokenPair } from "./credentials";
import { OAuthError } from "./errors";
import type { TokenInfoResponse, TokenResponse } from "./schemas";

/** A refresh token outlives its access token, so that a client can renew after the access token expired. */
const REFRESH_LIFETIME_FACTOR = 2;

type Grant = { userId: string; workspaceId: string; clientId: string; scopes: string[] };

/** A fresh pair for a client: the values for the response, the hashes and expiries for the row. */
async function newPair(db: Transaction, clientId: string, scopes: string[]) {
  const client = await db.oAuthClient.findUniqueOrThrow({ where: { id: clientId } });
  const { accessToken, refreshToken } = generateTokenPair();
  const now = Date.now();
  const ttlMs = client.accessTokenTtlSeconds * 1000;
  const response: TokenResponse = {
    access_token: accessToken,
    token_type: "Bearer",
    refresh_token: refreshToken,
    expires_in: client.accessTokenTtlSeconds,
    scope: scopes.join(" "),
  };
  const stored = {
    accessTokenHash: sha256Hex(accessToken),
    refreshTokenHash: sha256Hex(refreshToken),
    accessExpiresAt: new Date(now + ttlMs),
    refreshExpiresAt: new Date(now + ttlMs * REFRESH_LIFETIME_FACTOR),
  };
  return { response, stored };
}

/** Issues the first pair of an approved grant; only hashes are stored. */
export async function issueTokens(db: Transaction, grant: Grant): Promise<TokenResponse> {
  const { response, stored } = await newPair(db, grant.clientId, grant.scopes);
  await db.oAuthToken.create({ data: { userId: grant.userId, workspaceId: grant.workspaceId, clientId: grant.clientId, scopes: grant.scopes, ...stored } });
  return response;
}

type Refresh = { issued: TokenResponse } | { refused: "unknown" | "unusable" };

/**
 * `grant_type=refresh_token`: replaces both tokens of the pair (rotation), so the presented
 * ones stop working. The device keeps its row, hence its place in Settings → Devices. A refresh
 * token works once: of two refreshes racing with it, one gets the new pair. A refresh token
 * rotated away and presented again was copied: the pair it was rotated into is revoked, as the
 * OAuth 2.0 Security Best Current Practice advises (docs/api.md, "OAuth device flow").
 */
export async function refreshTokens(refreshToken: string, clientId?: string): Promise<TokenResponse> {
  const refreshTokenHash = sha256Hex(refreshToken);
  const refresh = await getDb().$transaction(async (db): Promise<Refresh> => {
    const record = await db.oAuthToken.findUnique({ where: { refreshTokenHash } });
    if (!record) return { refused: "unknown" };
    const usable = !record.revokedAt && (!record.refreshExpiresAt || record.refreshExpiresAt > new Date()) && (!clientId || clientId === record.clientId);
    if (!usable) return { refused: "unusable" };
    const { response, stored } = await newPair(db, record.clientId, record.scopes);
    const { count } = await db.oAuthToken.updateMany({ where: { id: record.id, refreshTokenHash, revokedAt: null }, data: stored });
    if (count === 0) return { refused: "unusable" };
    await db.oAuthRotatedRefreshToken.create({ data: { refreshTokenHash, tokenId: record.id } });
    return { issued: response };
  });
  if ("issued" in refresh) return refresh.issued;
  if (refresh.refused === "unknown") {
    await getDb().oAuthToken.updateMany({
      where: { revokedAt: null, rotatedRefreshTokens: { some: { refreshTokenHash } } },
      data: { revokedAt: new Date() },
    });
  }
  throw new OAuthError("invalid_grant");
}

/** RFC 7009: revokes the pair that the access or refresh token belongs to; an unknown token is no error. */
export async function revokeToken(token: string): Promise<void> {
  const hash = sha256Hex(token);
  await getDb().oAuthToken.updateMany({
    where: { revokedAt: null, OR: [{ accessTokenHash: hash }, { refreshTokenHash: hash }] },
    data: { revokedAt: new Date() },
  });
}

/** What `POST /auth/token_info` says about a live access token; anything else is a 401. */
export async function describeToken(accessToken: string): Promise<TokenInfoResponse> {
  const record = await getDb().oAuthToken.findUnique({ where: { accessTokenHash: sha256Hex(accessToken) }, include: { user: true } });
  if (!record || record.revokedAt || record.accessExpiresAt <= new Date()) throw new OAuthError("invalid_token", 401);
  return {
    active: true,
    scope: record.scopes.join(" "),
    client_id: record.clientId,
    username: record.user.email,
    exp: Math.floor(record.accessExpiresAt.getTime() / 1000),
  };
}

/** Settings → Devices: the account's live authorizations, newest first. */
export function listDevices(userId: string) {
  return getDb().oAuthToken.findMany({
    where: { userId, revokedAt: null, OR: [{ refreshExpiresAt: null }, { refreshExpiresAt: { gt: new Date() } }] },
    orderBy: { id: "desc" },
    select: { id: true, scopes: true, insertedAt: true, lastUsedAt: true, accessExpiresAt: true, client: { select: { name: true } } },
  });
}

export async function revokeDevice(userId: string, id: string): Promise<void> {
  const { count } = await getDb().oAuthToken.updateMany({ where: { id, userId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw AppError.notFound();
}
