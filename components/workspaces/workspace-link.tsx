"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { createContext, useCallback, useContext, type ComponentProps, type ReactNode } from "react";
import { inWorkspace, splitWorkspacePath } from "@/lib/workspaces/workspace-path";

const WorkspaceBaseContext = createContext("");

/** The prefix of the current workspace's pages (`/w/<slug>`, or "" for the personal workspace's), for the links below it. */
export function WorkspaceBaseProvider({ base, children }: { base: string; children: ReactNode }) {
  return <WorkspaceBaseContext.Provider value={base}>{children}</WorkspaceBaseContext.Provider>;
}

/** A function giving a page's path in the current workspace (lib/workspaces/workspace-path.ts, inWorkspace). */
export function useWorkspaceHref(): (path: string) => string {
  const base = useContext(WorkspaceBaseContext);
  return useCallback((path: string) => inWorkspace(base, path), [base]);
}

/**
 * The page's own path, without its workspace's prefix: `/reports` on `/w/team/reports`.
 * (Next.js's usePathname gives the path the proxy rewrote a workspace's page to on its first
 * render, and the address bar's after a navigation.)
 */
export function usePagePath(): string {
  const pathname = usePathname();
  return splitWorkspacePath(pathname)?.path ?? pathname;
}

/** next/link to a path of the app, kept in the workspace of the page it is on. */
export function WorkspaceLink({ href, ...props }: Omit<ComponentProps<typeof Link>, "href"> & { href: string }) {
  return <Link href={useWorkspaceHref()(href)} {...props} />;
}
