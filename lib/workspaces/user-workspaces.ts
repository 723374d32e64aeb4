import type { Access } from "@/lib/access/context";
import { personalOf } from "@/lib/access/memberships";
import { getDb, type WorkspaceRole } from "@/lib/db/client";
import type { UserWorkspaceResponse } from "./responses";
import { workspaceBase } from "./workspace-path";

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

/** A workspace the browser may switch to: its pages start at `href` ("/" for the personal one). */
export type SwitcherWorkspace = { id: string; name: string; slug: string; role: WorkspaceRole; href: string; current: boolean };

/** The user's workspaces for the switcher, the personal one first, then by name; `currentId` is the one the page shows. */
export async function workspaceChoices(userId: string, currentId: string | undefined): Promise<SwitcherWorkspace[]> {
  const memberships = await getDb().membership.findMany({
    where: { userId },
    select: { role: true, workspace: { select: { id: true, name: true, slug: true } } },
    orderBy: [{ joinedAt: "asc" }, { workspaceId: "asc" }],
  });
  const personal = personalOf(memberships);
  const others = memberships.filter((membership) => membership !== personal).sort((a, b) => a.workspace.name.localeCompare(b.workspace.name));
  return (personal ? [personal, ...others] : others).map(({ role, workspace }) => ({
    ...workspace,
    role,
    href: workspace.id === personal?.workspace.id ? "/" : workspaceBase(workspace.slug),
    current: workspace.id === currentId,
  }));
}
