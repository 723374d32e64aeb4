import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import { libraryStyleHashes } from "@/lib/csp/library-style-hashes";
import { pageBodyRefusal } from "@/lib/next-pages/page-body-guard";
import { pageCacheControl } from "@/lib/next-pages/page-caching";
import { isPageOpening, PAGE_OPENING_HEADER } from "@/lib/next-pages/page-opening";
import { splitWorkspacePath, WORKSPACE_HEADER } from "@/lib/workspaces/workspace-path";

/**
 * The pages' Content-Security-Policy: scripts run only when they carry this response's nonce
 * (Next.js puts it on its own scripts and inline styles, reading it from the request's policy),
 * or are loaded by such a script; inline styles need the nonce too, or one of the hashes of the
 * stylesheets libraries insert (lib/csp/library-style-hashes.ts); nothing may frame the app. Scripts
 * may connect to this origin, and to this machine's loopback addresses, where /device tells a
 * command-line tool its user's decision (lib/oauth/schemas.ts, `loopbackCallbackSchema`): on
 * every page, since the browser keeps the policy of the page it loaded first while the app
 * navigates. Development needs `eval` for React's error overlays and inline styles for hot
 * reloading.
 */
function contentSecurityPolicy(nonce: string): string {
  const development = process.env.NODE_ENV === "development";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' ${
      development
        ? "'unsafe-inline'"
        : `'nonce-${nonce}' ${Object.values(libraryStyleHashes)
            .map((hash) => `'${hash}'`)
            .join(" ")}`
    }`,
    "connect-src 'self' http://127.0.0.1:* http://localhost:*",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Whether a path's escapes decode to UTF-8: `%ff`, `%zz` or an encoded surrogate do not. */
function isDecodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path that cannot be decoded fails inside Next.js's router with a bare 500 once it reaches a
 * dynamic route, so it is answered here: under /api/v1 with the JSON 404 of docs/api.md (the
 * body lib/api/error-response.ts gives `AppError.notFound()`, which this module cannot import:
 * it reaches the database client), and a page path goes to one no page has, the not-found page.
 */
function apiNotFound(): NextResponse {
  const body = { error: { message: AppError.notFound().message, type: "not_found_error" } };
  return NextResponse.json(body, { status: 404, headers: { "x-request-id": crypto.randomUUID() } });
}

/** The page a path asks for: a workspace's `/w/<slug>/…` page is its own path, with the slug in a request header (lib/workspaces/workspace-path.ts). */
function pageTarget(request: NextRequest): { path: string; slug?: string } {
  const { pathname } = request.nextUrl;
  return splitWorkspacePath(pathname) ?? { path: pathname };
}

/** Settings → Data's import, which reads its larger body itself (app/settings/data/import/route.ts), in a workspace's path; without it the matcher keeps it from the proxy. */
const importPath = "/settings/data/import";

export async function proxy(request: NextRequest): Promise<Response> {
  const { pathname } = request.nextUrl;
  const decodable = isDecodable(pathname);
  if (pathname.startsWith("/api/")) return decodable ? NextResponse.next() : apiNotFound();
  const target = pageTarget(request);
  const requestHeaders = new Headers(request.headers);
  // Next.js runs the proxy again for the path a rewrite names, which must keep the slug. A header
  // a client sends itself chooses among its user's own workspaces, as the URL does: harmless.
  if (target.slug) requestHeaders.set(WORKSPACE_HEADER, target.slug);
  const rewriteTo = (path: string) => NextResponse.rewrite(new URL(`${path}${request.nextUrl.search}`, request.url), { request: { headers: requestHeaders } });
  if (target.path === importPath) return rewriteTo(importPath);
  const refused = await pageBodyRefusal(request);
  if (refused) return refused;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = contentSecurityPolicy(nonce);
  requestHeaders.set("content-security-policy", policy);
  requestHeaders.set(PAGE_OPENING_HEADER, isPageOpening(request) ? "1" : "0");
  const response = !decodable
    ? rewriteTo("/undecodable-path")
    : target.slug
      ? rewriteTo(target.path)
      : NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", policy);
  // A POST is a server action, whose answer Next.js marks itself.
  const cacheControl = decodable && (request.method === "GET" || request.method === "HEAD") ? pageCacheControl(target.path) : undefined;
  if (cacheControl) response.headers.set("cache-control", cacheControl);
  return response;
}

// Next.js reads this literally: the page paths are spelled out in each matcher. Settings → Data's
// import (app/settings/data/import/route.ts) reads its larger body itself, after the session.
export const config = {
  matcher: [
    // Pages only, prefetches included (a browser may show what it prefetched, policy and all):
    // the API (/api/…, /auth/…), the calendar feeds (/cal/…, a token and no session), static files, the service worker's script and the web app
    // manifest (app/app.webmanifest/route.ts) must not pay for a nonce.
    "/((?!api/|auth/|cal/|_next/|favicon.svg|sw.js$|app.webmanifest$|settings/data/import$).*)",
    // API paths with escapes, some of which may not decode; the others never reach the proxy.
    "/api/v1/:path(.*%.*)",
  ],
};
