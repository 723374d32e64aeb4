/**
 * The workspace a page works in is part of its URL (README, "Workspaces in the browser"):
 * `/w/<slug>/reports` is the reports of the workspace `<slug>`; a path without it, `/reports`,
 * is the signed-in user's personal workspace. The proxy takes the prefix off and hands the slug
 * to the page in a request header, so that each page exists once; links keep the prefix of the
 * page they are on, so that two tabs on two workspaces never interfere.
 */

/** The request header that carries the slug of a `/w/<slug>/…` path to its page, set by the proxy (proxy.ts). */
export const WORKSPACE_HEADER = "x-worklog-workspace";

const workspacePathPattern = /^\/w\/([a-z0-9-]{1,64})(\/.*)?$/;
const workspaceSlugPattern = /^[a-z0-9-]{1,64}$/;

/** Whether `text` can be the slug of a `/w/<slug>/…` path. */
export function isWorkspaceSlug(text: string): boolean {
  return workspaceSlugPattern.test(text);
}

/** The slug and the page's own path of a `/w/<slug>/…` path, or undefined for any other path. */
export function splitWorkspacePath(pathname: string): { slug: string; path: string } | undefined {
  const match = workspacePathPattern.exec(pathname);
  return match?.[1] ? { slug: match[1], path: match[2] || "/" } : undefined;
}

/** The prefix of a workspace's pages: `/w/<slug>`. */
export function workspaceBase(slug: string): string {
  return `/w/${slug}`;
}

/** The pages that show a workspace's data, by their first segment; the others (docs, sign-in, shared recaps…) are the same in every workspace. */
const workspacePages = /^\/(?:$|[?#]|(?:projects|repositories|reports|recaps|settings)(?:[/?#]|$))/;

/** `href` inside the workspace whose pages start with `base` ("" for the personal workspace): a workspace page's path gets the prefix, any other is left as it is. */
export function inWorkspace(base: string, href: string): string {
  if (!base || !workspacePages.test(href)) return href;
  return href === "/" ? base : href.startsWith("/?") || href.startsWith("/#") ? `${base}${href.slice(1)}` : `${base}${href}`;
}
