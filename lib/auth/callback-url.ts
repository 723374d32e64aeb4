const origin = "http://worklog.invalid";
const authPages = new Set(["/signin", "/signup"]);

/**
 * Where to go after signing in: a path on this site, or "/". Anything that could leave the
 * site (`//host`, `/\host`, control characters that URL parsing drops) falls back to "/", and
 * so do the sign-in pages themselves, which would loop.
 */
export function safeCallbackUrl(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/")) return "/";
  const url = new URL(value, origin);
  if (url.origin !== origin || authPages.has(url.pathname)) return "/";
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` carrying the callback URL along, so that switching between sign-in and sign-up keeps it. */
export function withCallbackUrl(path: string, callbackUrl: string): string {
  return callbackUrl === "/" ? path : `${path}?${new URLSearchParams({ callbackUrl })}`;
}
