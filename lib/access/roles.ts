import { AppError } from "@/lib/errors";

/** A user's role in a workspace, from the least to the most it may do (docs/api.md, "Workspaces"). */
export const workspaceRoles = ["viewer", "member", "admin", "owner"] as const;

/** The same values as Prisma's `WorkspaceRole`, usable where the database client is not (the API's declarations, the document). */
export type WorkspaceRole = (typeof workspaceRoles)[number];

/** The least role that manages a workspace's integrations: incoming hooks, webhooks and recap schedules (docs/api.md, "Workspaces"). */
export const integrationsRole: WorkspaceRole = "admin";

/** Whether `role` may do what `required` may: the same role or a higher one. */
export function roleAtLeast(role: WorkspaceRole, required: WorkspaceRole): boolean {
  return workspaceRoles.indexOf(role) >= workspaceRoles.indexOf(required);
}

/** The contract's 403 for a role below the one needed, naming it in `details.required_role`. */
export function roleRefusal(required: WorkspaceRole): AppError {
  return new AppError("authorization", `Your role in this workspace does not allow this. Required: ${required}.`, {
    extra: { details: { required_role: required } },
  });
}

/** Throws roleRefusal unless `role` is `required` or higher. */
export function requireRole(role: WorkspaceRole, required: WorkspaceRole): void {
  if (!roleAtLeast(role, required)) throw roleRefusal(required);
}

/** The 409 of a change that would leave a workspace without its owner: ownership moves by a transfer only. */
export function transferOwnershipFirst(): AppError {
  return new AppError("state_conflict", "Transfer ownership first.");
}
