import "server-only";
import { sha256Hex } from "@/lib/crypto";
import { queryRows } from "@/lib/db/sql";
import type { Principal } from "./authenticate";
import { parseAuthorizationHeader } from "./authorization-header";

/**
 * What an open event stream was authenticated with, to check again while it runs: the hash of
 * the API key or OAuth access token it presented, or the web app's signed-in account.
 */
export type StreamCredential = { kind: "api"; secretHash: string } | { kind: "session"; userId: string; sessionVersion: number };

/** The credential of an /api/v1 request that has already been authenticated. */
export function apiStreamCredential(request: Request, principal: Principal): StreamCredential {
  if (principal.kind === "session") return { kind: "session", userId: principal.user.id, sessionVersion: principal.user.sessionVersion };
  const presented = parseAuthorizationHeader(request.headers.get("authorization"));
  return { kind: "api", secretHash: sha256Hex(presented.kind === "api_key" ? presented.key : presented.token) };
}

/** A credential's name in the set `liveCredentials` answers. */
export const credentialName = (credential: StreamCredential) => (credential.kind === "api" ? credential.secretHash : credential.userId);

// Deleting an account deletes its keys and tokens, so a hash outlives neither its revocation nor
// its account; a refreshed token's row carries the new hash, so the old one is gone too. A web
// session ends with its account or when signing out moves the account's session version on.
// A key or token works while its user is a member of its workspace (lib/auth/authenticate.ts).
const liveCredentialsQuery = `SELECT hashed_key AS name FROM api_keys k WHERE hashed_key = ANY($1::text[]) AND revoked_at IS NULL
    AND EXISTS (SELECT 1 FROM memberships m WHERE m.workspace_id = k.workspace_id AND m.user_id = k.user_id)
  UNION ALL SELECT access_token_hash FROM oauth_tokens t WHERE access_token_hash = ANY($1::text[]) AND revoked_at IS NULL AND access_expires_at > now()
    AND EXISTS (SELECT 1 FROM memberships m WHERE m.workspace_id = t.workspace_id AND m.user_id = t.user_id)
  UNION ALL SELECT users.id::text FROM users JOIN unnest($2::uuid[], $3::int[]) AS session (user_id, version)
    ON users.id = session.user_id AND users.session_version = session.version`;

/** The names of the credentials that still work, in one statement for all of them. */
export async function liveCredentials(credentials: StreamCredential[]): Promise<Set<string>> {
  const hashes = credentials.flatMap((credential) => (credential.kind === "api" ? [credential.secretHash] : []));
  const sessions = credentials.flatMap((credential) => (credential.kind === "session" ? [credential] : []));
  const rows = await queryRows<{ name: string }>(liveCredentialsQuery, [
    hashes,
    sessions.map((session) => session.userId),
    sessions.map((session) => session.sessionVersion),
  ]);
  return new Set(rows.map((row) => row.name));
}
