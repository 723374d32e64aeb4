// Who asks, for the database tests: the Access of a user in a workspace, built from their membership
// as the builders of app/ and lib/ build it (tests/unit/access-builders.test.ts lists those).
import { type Access, accessFor } from "@/lib/access/context";
import { membershipIn, personalMembership, personalWorkspaceId } from "@/lib/access/memberships";
import type { User } from "@/lib/db/client";

/** The Access of `user` in their personal workspace (made with them by the users trigger). */
export async function accessOf(user: User): Promise<Access> {
  const membership = await personalMembership(user.id);
  if (!membership) throw new Error(`user ${user.id} has no workspace`);
  return accessFor(user, membership);
}

/** The Access of `user` in `workspaceId`, with their role there. */
export async function accessIn(user: User, workspaceId: string): Promise<Access> {
  const membership = await membershipIn(user.id, workspaceId);
  if (!membership) throw new Error(`user ${user.id} is not a member of ${workspaceId}`);
  return accessFor(user, membership);
}

/** The owner and creator of a row a test writes with Prisma for `user`: their personal workspace, and them. */
export async function personalRow(user: Pick<User, "id">): Promise<{ workspaceId: string; userId: string }> {
  return { workspaceId: await personalWorkspaceId(user.id), userId: user.id };
}
