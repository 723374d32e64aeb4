import type { Access } from "@/lib/access/context";
import { getDb } from "@/lib/db/client";
import type { UserWorkspaceResponse } from "./responses";

/** Every workspace the caller is a member of, with their role there, the oldest membership first (GET /user/workspaces). */
export async function listUserWorkspaces(access: Access): Promise<UserWorkspaceResponse[]> {
  const memberships = await getDb().membership.findMany({
    where: { userId: access.user.id },
    include: { workspace: true },
    orderBy: [{ joinedAt: "asc" }, { workspaceId: "asc" }],
  });
  return memberships.map(({ role, workspace }) => ({
    id: workspace.id,
    slug: workspace.slug,
    name: workspace.name,
    entries_visible_to: workspace.entriesVisibleTo,
    inserted_at: workspace.insertedAt.toISOString(),
    role,
  }));
}
