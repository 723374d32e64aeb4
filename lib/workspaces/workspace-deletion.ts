import { owned, type Access } from "@/lib/access/context";
import { requireRole } from "@/lib/access/roles";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/** Why the owner's only workspace is not deleted (Settings → Workspace says it before anyone tries). */
export const onlyWorkspaceMessage = "This is your only workspace: it goes only with your account (Settings → Profile, Delete account).";

const onlyWorkspaceOfYours = () => new AppError("state_conflict", onlyWorkspaceMessage);

const onlyWorkspaceOfAMember = () => new AppError("state_conflict", "This is the only workspace of a member: remove them first.");

/**
 * Deletes the workspace (the owner's, in the web app's Settings → Workspace; the API has no
 * endpoint for it), with everything it holds, by cascade in one statement, as an account's own
 * workspaces go with it (lib/users/accounts.ts). Every user keeps a workspace to work in
 * (lib/access/memberships.ts, personalMembership): one that is the only workspace of any of its
 * members, the owner included, is a 409.
 */
export async function deleteWorkspace(access: Access): Promise<void> {
  requireRole(access.role, "owner");
  await getDb().$transaction(async (transaction) => {
    // Its members are locked until the delete commits, so that none joins or leaves meanwhile.
    await transaction.$queryRaw`SELECT 1 FROM memberships WHERE workspace_id = ${access.workspace.id}::uuid FOR UPDATE`;
    const stranded = await transaction.membership.findMany({
      where: { ...owned(access), user: { memberships: { none: { workspaceId: { not: access.workspace.id } } } } },
      select: { userId: true },
    });
    if (stranded.some(({ userId }) => userId === access.user.id)) throw onlyWorkspaceOfYours();
    if (stranded.length > 0) throw onlyWorkspaceOfAMember();
    await transaction.workspace.delete({ where: { id: owned(access).workspaceId } });
  });
}
