import { LAUNCH_PARAMETER } from "@/lib/worklog/launch-action";
import { splitWorkspacePath } from "@/lib/workspaces/workspace-path";

/**
 * Which navigations the service worker may keep for offline use (lib/offline/service-worker/worker.ts,
 * README "Offline and installing"). Pure: the worker and the tests share it.
 */

/**
 * Paths never kept, in a workspace's `/w/<slug>/…` too: the API and the OAuth endpoints, signing
 * in and up, the device approval, invitations and shared recaps (pages of a token, not of the
 * account).
 */
const neverKeptPaths = /^\/(?:api|auth|signin|signup|device|invite|r)(?:\/|$)/;

function neverKept(pathname: string): boolean {
  return neverKeptPaths.test(pathname) || neverKeptPaths.test(splitWorkspacePath(pathname)?.path ?? pathname);
}

/** Whether the worker answers a navigation at all: not to the API or the OAuth endpoints, which the browser reaches as if there were no worker. */
export function answersNavigation(url: URL): boolean {
  return !/^\/(?:api|auth)(?:\/|$)/.test(url.pathname);
}

/** What the rules read of a response (a `Response`, or what a test makes). */
export type NavigationResponse = { status: number; type: string; redirected: boolean; headers: { get(name: string): string | null } };

/**
 * Whether a navigation's response may be kept: a page of the app (HTML), answered 200 and not
 * after a redirect, on a path that holds no credential and that the server did not mark
 * `no-store` (lib/next-pages/page-caching.ts: the settings, where a new key or secret shows once),
 * and not a launch of one of the installed app's shortcuts (what that page does, it does once).
 */
export function mayKeepPage(url: URL, response: NavigationResponse): boolean {
  if (neverKept(url.pathname) || url.searchParams.has(LAUNCH_PARAMETER)) return false;
  if (response.status !== 200 || response.type !== "basic" || response.redirected) return false;
  if (/(?:^|[\s,])no-store(?:$|[\s,])/i.test(response.headers.get("cache-control") ?? "")) return false;
  return (response.headers.get("content-type") ?? "").toLowerCase().startsWith("text/html");
}

/** Whether a navigation leaves the account: to sign in or sign up (in a workspace's path too). */
export function leavesAccount(url: URL): boolean {
  const path = splitWorkspacePath(url.pathname)?.path ?? url.pathname;
  return path === "/signin" || path === "/signup";
}

/** Whether a navigation's response is a redirect: the worker sees it as it is (`opaqueredirect`), or followed. */
export function isRedirect(response: NavigationResponse): boolean {
  return response.type === "opaqueredirect" || response.redirected || (response.status >= 300 && response.status < 400);
}

/**
 * The URL of the kept page a navigation may be answered with offline: its own, but for a launch
 * of a shortcut (`?action=…`, never kept itself) the same page without it, which shows the worklog.
 */
export function offlinePageUrl(url: URL): string {
  if (!url.searchParams.has(LAUNCH_PARAMETER)) return url.href;
  const page = new URL(url.href);
  page.searchParams.delete(LAUNCH_PARAMETER);
  return page.href;
}
