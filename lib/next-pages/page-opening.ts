import type { PageSearchParams } from "./page-params";

/**
 * Whether a page request opens the page, i.e. shows it to someone, rather than prefetching it or
 * asking about it with HEAD: a page that counts its openings (a shared recap's, docs/api.md
 * "Share links") asks `opensPage`. The proxy tells the page in PAGE_OPENING_HEADER, which it sets
 * on every page request (replacing whatever a client sent), what it can see: the method, and a
 * browser's `Purpose` or `Sec-Purpose: prefetch`. Next.js hides its router's `Next-Router-Prefetch`
 * from the proxy and the pages, so next.config.mjs's rewrites mark such a request with the query
 * parameter ROUTER_PREFETCH_PARAMETER instead.
 */
export const PAGE_OPENING_HEADER = "x-worklog-page-opening";

/** Spelled out in next.config.mjs's rewrites as well. */
const ROUTER_PREFETCH_PARAMETER = "router-prefetch";

/** For the proxy: whether a request is a GET that no browser sent as a prefetch (or a prerender). */
export function isPageOpening(request: Request): boolean {
  const purposes = [request.headers.get("purpose"), request.headers.get("sec-purpose")];
  return request.method === "GET" && !purposes.some((purpose) => purpose !== null && /\bprefetch\b/i.test(purpose));
}

/** For a page: whether this request opens it, as the proxy and next.config.mjs's rewrites tell. */
export function opensPage(headers: Headers, searchParams: PageSearchParams): boolean {
  return headers.get(PAGE_OPENING_HEADER) === "1" && searchParams[ROUTER_PREFETCH_PARAMETER] === undefined;
}
