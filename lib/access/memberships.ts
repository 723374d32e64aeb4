import "server-only";
import { getDb } from "@/lib/db/client";
import { isUuid } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import type { Membership } from "./context";

const membershipSelect = { role: true, workspace: { select: { id: true, slug: true, name: true, entriesVisibleTo: true } } } as const;

/** The user's membership of the workspace, or undefined when they are not (or no longer) a member. */
export async function membershipIn(userId: string, workspaceId: string): Promise<Membership | undefined> {
  const found = await getDb().membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, select: membershipSelect });
  return found ?? undefined;
}

/**
 * The user's personal workspace: the first they own (made with them, migration
 * 20261129011548_workspaces), else the first they joined. Undefined for a user of no workspace.
 */
export async function personalMembership(userId: string): Promise<Membership | undefined> {
  const memberships = await getDb().membership.findMany({
    where: { userId },
    select: { ...membershipSelect, joinedAt: true },
    orderBy: [{ joinedAt: "asc" }, { workspaceId: "asc" }],
  });
  const chosen = personalOf(memberships);
  return chosen && { role: chosen.role, workspace: chosen.workspace };
}

/** The personal one of a user's memberships, oldest first: the first they own, else the first. */
export function personalOf<Chosen extends { role: string }>(memberships: Chosen[]): Chosen | undefined {
  return memberships.find((membership) => membership.role === "owner") ?? memberships[0];
}

/** The id of the user's personal workspace (personalMembership); throws for a user of no workspace. */
export async function personalWorkspaceId(userId: string): Promise<string> {
  const membership = await personalMembership(userId);
  if (!membership) throw new Error(`user ${userId} has no workspace`);
  return membership.workspace.id;
}

const notAMember = "You are not a member of this workspace.";

/**
 * The workspace a new credential of the user (an API key, a device's OAuth grant) works in:
 * `workspaceId`, which comes from a form and is never trusted, only when they are a member of
 * it (else a 422 at `/workspace_id`); their personal workspace when none is given.
 */
export async function credentialWorkspaceId(userId: string, workspaceId: string | undefined): Promise<string> {
  if (workspaceId === undefined) return personalWorkspaceId(userId);
  if (!isUuid(workspaceId) || !(await membershipIn(userId, workspaceId))) {
    throw new AppError("validation", notAMember, { issues: [{ pointer: "/workspace_id", detail: "Invalid value", message: notAMember }] });
  }
  return workspaceId;
}

/** The user's membership of the workspace `slug`, or undefined when there is none or they are not a member. */
async function membershipBySlug(userId: string, slug: string): Promise<Membership | undefined> {
  const found = await getDb().membership.findFirst({ where: { userId, workspace: { slug } }, select: membershipSelect });
  return found ?? undefined;
}

/**
 * The workspace a signed-in page or server action works in: the one its URL names
 * (`/w/<slug>/…`, lib/workspaces/workspace-path.ts) when the user is a member of it, else none;
 * the personal one for a path without a workspace.
 */
export function browserMembership(userId: string, slug: string | undefined): Promise<Membership | undefined> {
  return slug === undefined ? personalMembership(userId) : membershipBySlug(userId, slug);
}
