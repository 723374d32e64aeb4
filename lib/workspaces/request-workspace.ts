import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { inWorkspace, WORKSPACE_HEADER, workspaceBase } from "./workspace-path";

/** The slug of the workspace the request's URL names (`/w/<slug>/…`, set by the proxy), or undefined for a path without one. */
export const requestedWorkspaceSlug = cache(async (): Promise<string | undefined> => (await headers()).get(WORKSPACE_HEADER) ?? undefined);

/** The prefix of the pages of the request's workspace: `/w/<slug>`, or "" for a path without one (the personal workspace). */
export async function requestWorkspaceBase(): Promise<string> {
  const slug = await requestedWorkspaceSlug();
  return slug ? workspaceBase(slug) : "";
}

/** `path` in the request's workspace (inWorkspace): where a page links, or a server action redirects, to another page of it. */
export async function workspaceHref(path: string): Promise<string> {
  return inWorkspace(await requestWorkspaceBase(), path);
}
