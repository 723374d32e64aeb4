import { owned, type Access } from "@/lib/access/context";
import { markAccountChanged } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import type { WorkspaceResponse } from "./responses";
import type { WorkspaceUpdate } from "./schemas";

const slugTaken = () => AppError.validation([{ pointer: "/slug", detail: "Duplicate value", message: "Another workspace has this slug" }]);

/** The credential's workspace as GET /workspace answers it: with the caller's role and how many members it has. */
export async function getWorkspace(access: Access): Promise<WorkspaceResponse> {
  const workspace = await getDb().workspace.findUniqueOrThrow({
    where: { id: owned(access).workspaceId },
    include: { _count: { select: { memberships: true } } },
  });
  return {
    id: workspace.id,
    slug: workspace.slug,
    name: workspace.name,
    entries_visible_to: workspace.entriesVisibleTo,
    inserted_at: workspace.insertedAt.toISOString(),
    role: access.role,
    member_count: workspace._count.memberships,
  };
}

/** Changes the fields sent of the workspace's settings (an admin's); a slug another workspace has is a 422 at `/slug`. */
export async function updateWorkspace(access: Access, update: WorkspaceUpdate): Promise<WorkspaceResponse> {
  try {
    await getDb().$transaction(async (transaction) => {
      await transaction.workspace.update({
        where: { id: owned(access).workspaceId },
        data: { name: update.name, slug: update.slug, entriesVisibleTo: update.entries_visible_to },
      });
      await markAccountChanged(transaction, access);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  return getWorkspace(access);
}
