import "server-only";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
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
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  return user;
}
