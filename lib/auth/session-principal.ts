import "server-only";
import { browserMembership } from "@/lib/access/memberships";
import { queryRows } from "@/lib/db/sql";
import { AppError } from "@/lib/errors";
import type { Principal } from "./authenticate";
import { getCurrentUser } from "./current-user";
import { scopeResources, type Scope } from "./scopes";
import { SESSION_WORKSPACE_HEADER } from "./session-request";

const everyScope: Scope[] = scopeResources.map((resource) => `${resource}:*` as const);

export const sessionMessages = {
  crossSite: "A session is accepted from this site's own pages only.",
  signedOut: "Your session has ended. Sign in again.",
} as const;

/**
 * A session's 401 names no scheme: a browser answers `WWW-Authenticate: Basic` on a page's own
 * request with its password prompt, and the request (the outbox's, README "Offline and
 * installing") waits on it.
 */
const sessionError = (message: string) => new AppError("authentication", message);

/**
 * The signed-in account, in the workspace the header names, with every scope: what its pages may
 * do. Only from the app's own pages (`Sec-Fetch-Site: same-origin`, which a browser sets and a
 * page cannot; with the custom header, another site's request would also need a preflight that
 * is never granted). A workspace the user is not a member of is not found.
 */
export async function authenticateSession(request: Request): Promise<Principal> {
  if (request.headers.get("sec-fetch-site") !== "same-origin") throw sessionError(sessionMessages.crossSite);
  const user = await getCurrentUser();
  if (!user) throw sessionError(sessionMessages.signedOut);
  const membership = await browserMembership(user.id, request.headers.get(SESSION_WORKSPACE_HEADER) ?? undefined);
  if (!membership) throw AppError.notFound();
  const [counters] = await queryRows<{ changeSeq: string }>(`SELECT change_seq::text AS "changeSeq" FROM account_counters WHERE workspace_id = $1::uuid`, [
    membership.workspace.id,
  ]);
  return { kind: "session", credentialId: `session:${user.id}`, scopes: everyScope, user, membership, changeSeq: counters?.changeSeq ?? "0" };
}
