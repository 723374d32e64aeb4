"use client";

import Link from "next/link";
import type { ComponentProps } from "react";
import { usePagePath, useWorkspaceHref } from "./workspaces/workspace-link";

type NavLinkProps = Omit<ComponentProps<typeof Link>, "href"> & {
  href: string;
  /** Path prefix whose pages count as this link's section; defaults to `href`. */
  section?: string;
};

/**
 * A link that marks itself with `aria-current`: "page" on an exact match and
 * "true" anywhere else inside its section (e.g. /projects/42 for /projects).
 * Style the current state with Tailwind's `aria-[current]:` variant. Paths are kept in the
 * current workspace (components/workspaces/workspace-link.tsx).
 */
export function NavLink({ href, section = href, ...props }: NavLinkProps) {
  const pathname = usePagePath();
  const inSection = section !== "/" && (pathname === section || pathname.startsWith(`${section}/`));
  const current = pathname === href ? "page" : inSection ? "true" : undefined;

  return <Link href={useWorkspaceHref()(href)} aria-current={current} {...props} />;
}
