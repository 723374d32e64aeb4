/**
 * What the pages and the service worker (lib/offline/service-worker/worker.ts) tell each other,
 * and the names of the caches the worker keeps (README "Offline and installing").
 *
 * A page posts to the worker:
 * - `{ type: "worklog:account", userId }` when it loads: the account it was rendered for (the
 *   root layout's, components/browser/offline-worker.tsx), `null` for a signed-out visitor. The
 *   worker keeps the page the navigation returned in that account's cache, forgets the other
 *   accounts' pages, and serves only that account's pages offline; `null` forgets the account.
 * - `{ type: "worklog:sign-out" }` when the account signs out (lib/offline/clear-offline-caches.ts):
 *   the worker forgets the account and deletes every cache of pages it made, then answers
 *   `{ type: "worklog:signed-out" }` on the message's port, if it has one.
 */

export const ACCOUNT_MESSAGE = "worklog:account";
export const SIGN_OUT_MESSAGE = "worklog:sign-out";
export const SIGNED_OUT_REPLY = "worklog:signed-out";

export type OfflineMessage = { type: typeof ACCOUNT_MESSAGE; userId: string | null } | { type: typeof SIGN_OUT_MESSAGE };

/** An account's id as it may appear in a cache's name: the ids the database makes, and nothing longer. */
const userIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/** The message, if `data` is one of the protocol's. */
export function offlineMessage(data: unknown): OfflineMessage | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const { type, userId } = data as { type?: unknown; userId?: unknown };
  if (type === SIGN_OUT_MESSAGE) return { type };
  if (type !== ACCOUNT_MESSAGE) return undefined;
  if (userId === null) return { type, userId };
  return typeof userId === "string" && userIdPattern.test(userId) ? { type, userId } : undefined;
}

/** Every cache the worker makes starts with this; its precache too (`setCacheNameDetails` in the worker). */
export const CACHE_PREFIX = "worklog";

/** The precache of the build's static files and public/ (Serwist names it `<prefix>-precache-…`). */
export const PRECACHE_PREFIX = `${CACHE_PREFIX}-precache`;

/** Where the worker keeps the id of the account it serves pages of. */
export const ACCOUNT_CACHE = `${CACHE_PREFIX}-account`;

const PAGES_PREFIX = `${CACHE_PREFIX}-pages`;

/**
 * The cache of one account's pages, as one build rendered them: a page refers to that build's
 * scripts and styles, which only that build's worker precached.
 */
export function pagesCacheName(buildId: string, userId: string): string {
  return `${PAGES_PREFIX}:${buildId}:${userId}`;
}

/** Whether a cache holds pages (an account's, of any build). */
export function isPagesCache(name: string): boolean {
  return name.startsWith(`${PAGES_PREFIX}:`);
}
