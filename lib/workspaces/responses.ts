import { z } from "zod";
import { responseSchemas } from "@/lib/openapi/components";
import { entriesVisibleToSchema, workspaceRoleSchema } from "./schemas";

const workspaceFields = {
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  entries_visible_to: entriesVisibleToSchema,
  inserted_at: z.iso.datetime(),
  role: workspaceRoleSchema.meta({ description: "The caller's role in it." }),
};

/** The credential's workspace (docs/api.md, "Workspaces"). */
export const workspaceResponseSchema = z.object({ ...workspaceFields, member_count: z.number().int().min(1) }).register(responseSchemas, { id: "Workspace" });
export type WorkspaceResponse = z.infer<typeof workspaceResponseSchema>;

/** One of the user's workspaces, as GET /user/workspaces lists them. */
export const userWorkspaceResponseSchema = z.object(workspaceFields).register(responseSchemas, { id: "UserWorkspace" });
export type UserWorkspaceResponse = z.infer<typeof userWorkspaceResponseSchema>;

export const userWorkspaceListResponseSchema = z
  .object({ workspaces: z.array(userWorkspaceResponseSchema).meta({ description: "Every workspace of the user, the oldest membership first." }) })
  .register(responseSchemas, { id: "UserWorkspaceList" });

export const memberResponseSchema = z
  .object({
    user_id: z.uuid(),
    name: z.string().nullable(),
    email: z.string().nullable().meta({ description: "Admins and the owner see every member's; the others their own only (`null` for the rest)." }),
    role: workspaceRoleSchema,
    joined_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "Member" });
export type MemberResponse = z.infer<typeof memberResponseSchema>;

export const memberListResponseSchema = z
  .object({ members: z.array(memberResponseSchema).meta({ description: "Every member, the earliest joined first." }) })
  .register(responseSchemas, { id: "MemberList" });

export const invitationResponseSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: workspaceRoleSchema,
    expires_at: z.iso.datetime(),
    invited_by: z.uuid().meta({ description: "The id of the user who made it." }),
    inserted_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "Invitation" });
export type InvitationResponse = z.infer<typeof invitationResponseSchema>;

export const createdInvitationResponseSchema = invitationResponseSchema
  .extend({
    invite_url: z.string().meta({ description: "The link to accept it, `<origin>/invite/<token>`. Shown in this answer only." }),
    email_status: z.enum(["queued", "not_configured"]).meta({
      description:
        "`queued`: an email with the link is on its way to the address (the server's job queue sends it, retried for about a day). `not_configured`: the server sends no email (no `SMTP_URL`); pass the link on yourself.",
    }),
  })
  .register(responseSchemas, { id: "CreatedInvitation" });
export type CreatedInvitationResponse = z.infer<typeof createdInvitationResponseSchema>;

export const invitationListResponseSchema = z
  .object({ invitations: z.array(invitationResponseSchema).meta({ description: "The pending invitations (at most 50), the newest first." }) })
  .register(responseSchemas, { id: "InvitationList" });
