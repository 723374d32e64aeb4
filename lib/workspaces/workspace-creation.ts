import { getDb, type WorkspaceRole } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { parseInput } from "@/lib/validation";
import { addMember } from "./members";
import type { MemberResponse } from "./responses";
import { workspaceNameSchema, workspaceRoleSchema } from "./schemas";

/**
 * A new workspace owned by the user, named `name`, its slug made from the name as a personal
 * workspace's is (`worklog_create_personal_workspace`, migration 20261129011548_workspaces: a-z,
 * 0-9 and -, then -2, -3… while taken). Answers its slug.
 */
export async function createWorkspace(ownerId: string, ownerEmail: string, name: string): Promise<string> {
  const label = parseInput(workspaceNameSchema, name);
  return getDb().$transaction(async (transaction) => {
    const [created] = await transaction.$queryRaw<{ id: string }[]>`SELECT worklog_create_personal_workspace(${ownerId}::uuid, ${label}, ${ownerEmail}) AS id`;
    const workspace = await transaction.workspace.update({ where: { id: created!.id }, data: { name: label }, select: { slug: true } });
    return workspace.slug;
  });
}

/** Adds the user to the workspace of this slug with a role (not owner: ownership is transferred, never given twice). */
export async function addMemberBySlug(slug: string, userId: string, role: string): Promise<MemberResponse> {
  const parsed: WorkspaceRole = parseInput(workspaceRoleSchema.exclude(["owner"]), role);
  return getDb().$transaction(async (transaction) => {
    const workspace = await transaction.workspace.findUnique({ where: { slug }, select: { id: true } });
    if (!workspace) throw new AppError("not_found", `No workspace with slug ${slug}`);
    return addMember(transaction, workspace.id, userId, parsed);
  });
}

/** The id of the workspace of this slug that the user is a member of (the admin CLI's `key:create --workspace`). */
export async function memberWorkspaceId(slug: string, userId: string): Promise<string> {
  const workspace = await getDb().workspace.findFirst({ where: { slug, memberships: { some: { userId } } }, select: { id: true } });
  if (!workspace) throw new AppError("not_found", `The user is not a member of a workspace with slug ${slug}`);
  return workspace.id;
}
