import "server-only";
import { after } from "next/server";
import type { Membership } from "@/lib/access/context";
import { getDb, type EntriesVisibleTo, type User, type WorkspaceRole } from "@/lib/db/client";
import { queryRows, selectAsFields } from "@/lib/db/sql";
import { sha256Hex } from "@/lib/crypto";
import { apiKeyPattern } from "./api-keys";
import { authenticationError, authenticationMessages, parseAuthorizationHeader } from "./authorization-header";

/** Who is calling /api/v1, with what they may do. */
export type Principal = {
  /** `session`: the web app's signed-in account (lib/auth/session-principal.ts), with every scope. */
  kind: "api_key" | "oauth_token" | "session";
  credentialId: string;
  scopes: string[];
  user: User;
  /** The workspace the credential works in, and the user's role there. */
  membership: Membership;
  /** The workspace's change sequence as the request began (docs/api.md, "Conditional reads"). */
  changeSeq: string;
};

const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * Records use at most once a minute per credential, after the response has been sent, so that
 * it never delays a request.
 */
function recordUse(kind: CredentialKind, credential: { id: string; lastUsedAt: Date | null }) {
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

type CredentialKind = Exclude<Principal["kind"], "session">;

/** A credential with its account and membership, read in one statement; `credential*` columns are the credential's. */
type CredentialRow = User & {
  changeSeq: string;
  workspaceId: string;
  workspaceSlug: string;
  workspaceName: string;
  workspaceEntriesVisibleTo: EntriesVisibleTo;
  role: WorkspaceRole;
  credentialId: string;
  credentialScopes: string[];
  credentialLastUsedAt: Date | null;
  credentialRevokedAt: Date | null;
  credentialExpiresAt: Date | null;
};

// Every column of users by its field in Prisma's User: a new field fails the type check until it
// is named here. tests/db/authenticate.test.ts checks that the account read here equals Prisma's.
const accountColumns = selectAsFields("u", {
  id: "id",
  email: "email",
  name: "name",
  passwordHash: "password_hash",
  sessionVersion: "session_version",
  timezone: "timezone",
  weekStart: "week_start",
  hourCycle: "hour_cycle",
  plan: "plan",
  emailVerified: "email_verified",
  image: "image",
  insertedAt: "inserted_at",
  updatedAt: "updated_at",
} satisfies Record<keyof User, string>);

// The account's change sequence comes with it, read before the handler's reads.
// A credential works while its user is a member of its workspace: without the membership, no row.
const membershipColumns = `(SELECT change_seq::text FROM account_counters c WHERE c.workspace_id = w.id) AS "changeSeq",
  w.id AS "workspaceId", w.slug AS "workspaceSlug", w.name AS "workspaceName", w.entries_visible_to AS "workspaceEntriesVisibleTo", m.role`;

const apiKeyLookup = `SELECT ${accountColumns}, ${membershipColumns}, k.id AS "credentialId", k.scopes AS "credentialScopes",
  k.last_used_at AS "credentialLastUsedAt", k.revoked_at AS "credentialRevokedAt", NULL::timestamptz AS "credentialExpiresAt"
  FROM api_keys k JOIN users u ON u.id = k.user_id
  JOIN memberships m ON m.workspace_id = k.workspace_id AND m.user_id = k.user_id JOIN workspaces w ON w.id = k.workspace_id
  WHERE k.hashed_key = $1`;

const oauthTokenLookup = `SELECT ${accountColumns}, ${membershipColumns}, t.id AS "credentialId", t.scopes AS "credentialScopes",
  t.last_used_at AS "credentialLastUsedAt", t.revoked_at AS "credentialRevokedAt", t.access_expires_at AS "credentialExpiresAt"
  FROM oauth_tokens t JOIN users u ON u.id = t.user_id
  JOIN memberships m ON m.workspace_id = t.workspace_id AND m.user_id = t.user_id JOIN workspaces w ON w.id = t.workspace_id
  WHERE t.access_token_hash = $1`;

/** The live credential with this hash and its account, or undefined. */
async function findCredential(kind: CredentialKind, hash: string): Promise<Principal | undefined> {
  const [row] = await queryRows<CredentialRow>(kind === "api_key" ? apiKeyLookup : oauthTokenLookup, [hash]);
  if (!row) return undefined;
  const {
    changeSeq,
    workspaceId,
    workspaceSlug,
    workspaceName,
    workspaceEntriesVisibleTo,
    role,
    credentialId,
    credentialScopes,
    credentialLastUsedAt,
    credentialRevokedAt,
    credentialExpiresAt,
    ...user
  } = row;
  if (credentialRevokedAt || (credentialExpiresAt && credentialExpiresAt <= new Date())) return undefined;
  recordUse(kind, { id: credentialId, lastUsedAt: credentialLastUsedAt });
  const membership = { role, workspace: { id: workspaceId, slug: workspaceSlug, name: workspaceName, entriesVisibleTo: workspaceEntriesVisibleTo } };
  return { kind, credentialId, scopes: credentialScopes, user, membership, changeSeq: changeSeq ?? "0" };
}

async function authenticateApiKey(key: string): Promise<Principal> {
  if (!apiKeyPattern.test(key)) throw authenticationError(authenticationMessages.invalidKey);
  const principal = await findCredential("api_key", sha256Hex(key));
  if (!principal) throw authenticationError(authenticationMessages.invalidKey);
  return principal;
}

async function authenticateOAuthToken(token: string): Promise<Principal> {
  const principal = await findCredential("oauth_token", sha256Hex(token));
  if (!principal) throw authenticationError(authenticationMessages.invalidToken);
  return principal;
}

/** Authenticates a request to /api/v1 from its Authorization header, or throws the contract's 401. */
export function authenticate(authorization: string | null): Promise<Principal> {
  const credential = parseAuthorizationHeader(authorization);
  return credential.kind === "api_key" ? authenticateApiKey(credential.key) : authenticateOAuthToken(credential.token);
}
