/**
 * The Cache-Control of a page's response. Next.js answers every dynamic page `no-store`, which
 * also keeps a page out of the browser's back/forward cache. The signed-in pages that only show
 * the account's data get `private, no-cache` instead: no shared cache keeps them, a browser asks
 * the server again before reusing one, and Back can show the page as it was left. The pages that
 * hold a secret or a credential in the making (sign-in, sign-up, the device approval, the
 * settings, where a new API key or webhook secret is shown once) keep Next.js's `no-store`.
 */
export const KEPT_PAGE_CACHE_CONTROL = "private, no-cache";

/** The pages Back may restore: the worklog, its reports, projects, repositories, recaps and the docs. */
const keptPages = /^\/(?:$|reports$|projects(?:\/|$)|repositories(?:\/|$)|recaps(?:\/|$)|docs$)/;

/** The Cache-Control the proxy sets on a page's response; undefined leaves Next.js's `no-store`. */
export function pageCacheControl(pathname: string): string | undefined {
  return keptPages.test(pathname) ? KEPT_PAGE_CACHE_CONTROL : undefined;
}
