import { z } from "zod";
import { workspaceRoles } from "@/lib/access/roles";
import { requestSchemas } from "@/lib/openapi/components";
import { emailSchema } from "@/lib/users/schemas";
import { singleLineText } from "@/lib/validation";

export const workspaceRoleSchema = z.enum(workspaceRoles).meta({ description: "owner, admin, member or viewer." });

/** The roles an invitation may give: every one but owner, which only a transfer gives. */
export const invitedRoleSchema = z.enum(["admin", "member", "viewer"]).meta({ description: "admin, member or viewer (never owner)." });

export const entriesVisibleToSchema = z
  .enum(["members", "admins"])
  .meta({ description: "`members`: every member reads every entry; `admins`: a member or viewer reads their own entries only." });

export const workspaceNameSchema = singleLineText(1, 100);

export const workspaceSlugSchema = z
  .string()
  .trim()
  .min(2)
  .max(48)
  .regex(/^[a-z0-9-]+$/)
  .meta({ pattern: "^\\s*[a-z0-9-]+\\s*$", description: "2–48 of a-z, 0-9 and -, unique on the server. An old slug does not redirect." });

export const workspaceUpdateSchema = z
  .object({
    name: workspaceNameSchema.optional(),
    slug: workspaceSlugSchema.optional(),
    entries_visible_to: entriesVisibleToSchema.optional(),
  })
  .register(requestSchemas, { id: "WorkspaceUpdate" });
export type WorkspaceUpdate = z.output<typeof workspaceUpdateSchema>;

export const memberUpdateSchema = z.object({ role: workspaceRoleSchema }).register(requestSchemas, { id: "MemberUpdate" });
export type MemberUpdate = z.output<typeof memberUpdateSchema>;

export const invitationCreateSchema = z.object({ email: emailSchema, role: invitedRoleSchema }).register(requestSchemas, { id: "InvitationCreate" });
export type InvitationCreate = z.output<typeof invitationCreateSchema>;

/** The token an invitation's link holds (lib/workspaces/invitations.ts makes 36 characters). */
export const invitationTokenSchema = z.string().min(1).max(200);
