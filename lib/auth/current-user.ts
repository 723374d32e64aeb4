import "server-only";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import { accessFor, type Access } from "@/lib/access/context";
import { browserMembership } from "@/lib/access/memberships";
import { getDb, type User } from "@/lib/db/client";
import { requestedWorkspaceSlug, workspaceHref } from "@/lib/workspaces/request-workspace";
import { auth } from "./next-auth";

/**
 * The signed-in account, read fresh from the database on each request, so that a deleted
 * account's session, or one issued before the account's sessions were ended (signing out,
 * "Sign out everywhere"), is signed out at once. One query; cached per request.
 */
export const getCurrentUser = cache(async () => {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
  const user = await getDb().user.findUnique({ where: { id } });
  return user?.sessionVersion === session.sessionVersion ? user : null;
});

/** The signed-in account; a signed-out visitor is sent to sign in, and back to `path` afterwards. */
export async function requireUser(path: string) {
  const user = await getCurrentUser();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(await workspaceHref(path))}`);
  return user;
}

/** The signed-in account's access in the workspace the page's URL names; null for a workspace they are not a member of, or a user of no workspace. */
const browserAccess = cache(async (user: User): Promise<Access | null> => {
  const membership = await browserMembership(user.id, await requestedWorkspaceSlug());
  return membership ? accessFor(user, membership) : null;
});

/**
 * Who asks (lib/access/context.ts), for a signed-in page, route or server action; a signed-out
 * visitor is sent to sign in, and a workspace the user is not a member of is not found (the
 * same page as one that does not exist).
 */
export async function requireAccess(path: string): Promise<Access> {
  const access = await browserAccess(await requireUser(path));
  if (access) return access;
  if (await requestedWorkspaceSlug()) notFound();
  redirect(`/signin?callbackUrl=${encodeURIComponent(await workspaceHref(path))}`);
}

/** Who asks, or null for a signed-out visitor (a route that answers them itself). */
export async function currentAccess(): Promise<Access | null> {
  const user = await getCurrentUser();
  return user && browserAccess(user);
}
