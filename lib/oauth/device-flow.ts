import { credentialWorkspaceId } from "@/lib/access/memberships";
import { sha256Hex } from "@/lib/crypto";
import { isScope, splitScopeList } from "@/lib/auth/scopes";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { newId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { deviceCodeFor, generateUserCode, normalizeUserCode } from "./credentials";
import { OAuthError } from "./errors";
import { loopbackCallbackSchema, type TokenResponse } from "./schemas";
import { issueTokens } from "./tokens";

export const DEVICE_CODE_TTL_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;
/** Polls this close together are too fast; half a second of slack absorbs network jitter. */
const MIN_POLL_GAP_MS = POLL_INTERVAL_SECONDS * 1000 - 500;
/** Attempts at an unused user code; with 20^8 codes a second attempt is already rare. */
const USER_CODE_ATTEMPTS = 5;

/**
 * The scopes as the client asked for them, without repeats. Unlike an API key's they are not
 * collapsed into wildcards: the token response echoes them, and a client may look for the
 * exact scopes it requested there.
 */
function requestedScopes(scope: string | undefined): string[] {
  const requested = splitScopeList(scope ?? "");
  if (requested.length === 0 || !requested.every(isScope)) throw new OAuthError("invalid_scope");
  return [...new Set(requested)];
}

/** RFC 8628 §3.1–3.2: a new grant, pending until the user decides at /device. */
export async function startDeviceAuthorization(clientId: string, scope: string | undefined) {
  const client = await getDb().oAuthClient.findUnique({ where: { id: clientId } });
  if (!client) throw new OAuthError("invalid_client", 401);
  const scopes = requestedScopes(scope);
  for (let attempt = 1; ; attempt++) {
    const id = newId();
    const deviceCode = deviceCodeFor(id);
    const userCode = generateUserCode();
    try {
      await getDb().deviceGrant.create({
        data: { id, clientId, scopes, userCode, deviceCodeHash: sha256Hex(deviceCode), expiresAt: new Date(Date.now() + DEVICE_CODE_TTL_SECONDS * 1000) },
      });
      return { deviceCode, userCode };
    } catch (error) {
      if (!isUniqueViolation(error) || attempt === USER_CODE_ATTEMPTS) throw error;
    }
  }
}

/** The grant a typed user code names, while it still awaits a decision; null otherwise. */
export function findPendingGrant(typedUserCode: string) {
  return getDb().deviceGrant.findFirst({
    where: { userCode: normalizeUserCode(typedUserCode), status: "pending", expiresAt: { gt: new Date() } },
    select: { userCode: true, scopes: true, expiresAt: true, client: { select: { name: true, redirectUri: true } } },
  });
}

/**
 * The signed-in user approves or denies a pending grant, for the workspace, which must be one of
 * theirs (their personal one unless given).
 */
export async function decideDeviceGrant(userId: string, typedUserCode: string, decision: "approved" | "denied", workspaceId?: string): Promise<void> {
  const grantWorkspaceId = await credentialWorkspaceId(userId, workspaceId);
  const { count } = await getDb().deviceGrant.updateMany({
    where: { userCode: normalizeUserCode(typedUserCode), status: "pending", expiresAt: { gt: new Date() } },
    data: { status: decision, userId, workspaceId: grantWorkspaceId },
  });
  if (count === 0) throw AppError.notFound();
}

/**
 * A grant `userId` approved or denied, as /device shows it afterwards; null for any other.
 * `callback` is where the browser tells the client the decision: the client's loopback redirect
 * URI with the device code, while the client may still act on it (decided, not yet exchanged,
 * not expired). The Accomplish CLI waits for that request before it asks for its token.
 */
export async function findDecidedGrant(userId: string, typedUserCode: string) {
  const grant = await getDb().deviceGrant.findFirst({
    where: { userCode: normalizeUserCode(typedUserCode), userId, status: { not: "pending" } },
    select: { id: true, status: true, expiresAt: true, client: { select: { name: true, redirectUri: true } } },
  });
  if (!grant) return null;
  const collected = grant.status === "consumed";
  const expired = grant.expiresAt <= new Date();
  const redirect = loopbackCallbackSchema.safeParse(grant.client.redirectUri);
  let callback: string | null = null;
  if (redirect.success && !collected && !expired) {
    const url = new URL(redirect.data);
    url.searchParams.set("device_code", deviceCodeFor(grant.id));
    callback = url.toString();
  }
  return { decision: grant.status === "denied" ? "denied" : "approved", clientName: grant.client.name, collected, expired, callback } as const;
}

/**
 * RFC 8628 §3.4–3.5: the client polls with its device code. An approved grant is exchanged
 * once for tokens; while pending, polling faster than the interval earns `slow_down`.
 */
export async function exchangeDeviceCode(deviceCode: string, clientId?: string): Promise<TokenResponse> {
  const db = getDb();
  const now = new Date();
  const grant = await db.deviceGrant.findUnique({ where: { deviceCodeHash: sha256Hex(deviceCode) } });
  if (!grant || grant.status === "consumed" || (clientId && clientId !== grant.clientId)) throw new OAuthError("invalid_grant");
  if (grant.expiresAt <= now) throw new OAuthError("expired_token");
  if (grant.status === "denied") throw new OAuthError("access_denied");
  if (grant.status === "pending") {
    const { count } = await db.deviceGrant.updateMany({
      where: { id: grant.id, status: "pending", OR: [{ lastPolledAt: null }, { lastPolledAt: { lte: new Date(now.getTime() - MIN_POLL_GAP_MS) } }] },
      data: { lastPolledAt: now },
    });
    throw new OAuthError(count === 0 ? "slow_down" : "authorization_pending");
  }
  return db.$transaction(async (transaction) => {
    const { count } = await transaction.deviceGrant.updateMany({ where: { id: grant.id, status: "approved" }, data: { status: "consumed" } });
    if (count === 0) throw new OAuthError("invalid_grant");
    return issueTokens(transaction, { userId: grant.userId!, workspaceId: grant.workspaceId!, clientId: grant.clientId, scopes: grant.scopes });
  });
}
