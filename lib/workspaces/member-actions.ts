"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { publicOrigin } from "@/lib/public-origin";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction, runSignedInFormAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import { idSchema } from "@/lib/validation";
import { createInvitation, resendInvitation, revokeInvitation } from "./invitations";
import type { CreatedInvitationResponse } from "./responses";
import { changeMemberRole, removeMember } from "./members";
import { workspaceOperations } from "./operations";
import { invitationCreateSchema, workspaceRoleSchema } from "./schemas";

// Settings → Members (app/settings/members/page.tsx). Each action needs the role its endpoint
// declares (lib/workspaces/operations.ts), so that the page can do no more than the API.

const membersPath = "/settings/members";

const memberChangeSchema = z.object({ user_id: idSchema, role: workspaceRoleSchema });

/** Gives a member a role (its Undo gives the one before); `owner` transfers the ownership, the owner's alone. */
export async function changeMemberRoleAction(userId: string, role: string): Promise<ActionResult<void>> {
  const result = await runSignedInAction(membersPath, {
    schema: memberChangeSchema,
    input: { user_id: userId, role },
    fields: {},
    role: workspaceOperations.updateMember.role,
    notFoundMessage: "This person is no longer a member.",
    run: async (change, access) => {
      await changeMemberRole(access, change.user_id, change.role);
    },
  });
  if (result.ok) revalidatePath(membersPath);
  return result;
}

/** Removes a member (an admin's: lib/workspaces/members.ts refuses anyone else). */
export async function removeMemberAction(userId: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval(membersPath, userId, removeMember, workspaceOperations.removeMember.role);
  if (result.ok) revalidatePath(membersPath);
  return result;
}

/** Leaves the workspace (anyone but its owner), then goes to the worklog: the browser works in another workspace from now on. */
export async function leaveWorkspaceAction(): Promise<ActionResult<void>> {
  const result = await runSignedInAction(membersPath, {
    schema: z.undefined(),
    input: undefined,
    fields: {},
    run: async (_input, access) => {
      await removeMember(access, access.user.id);
    },
  });
  if (!result.ok) return result;
  revalidatePath("/", "layout");
  redirect("/");
}

export type InvitationField = "email" | "role";

/** What the invitation form's action answers: the new invitation's link, shown once. */
/** A new or renewed invitation as the page shows it: its link, and whether an email carries it (`email_status`). */
export type InvitationSent = { email: string; inviteUrl: string; emailQueued: boolean };

export type InvitationFormResult = ActionResult<InvitationSent, InvitationField>;

const invitationSent = (invitation: CreatedInvitationResponse): InvitationSent => ({
  email: invitation.email,
  inviteUrl: invitation.invite_url,
  emailQueued: invitation.email_status === "queued",
});

/**
 * Invites an address with a role: the one place the web app makes an invitation, so that what
 * follows its making (e.g. an email) is added here.
 */
export async function createInvitationAction(_previous: InvitationFormResult | null, formData: FormData): Promise<InvitationFormResult> {
  const result = await runSignedInFormAction(membersPath, formData, {
    schema: invitationCreateSchema,
    fields: { email: "email address", role: "role" },
    input: (values) => values,
    role: workspaceOperations.createInvitation.role,
    run: async (input, access) => {
      return invitationSent(await createInvitation(access, input, publicOrigin(await headers())));
    },
  });
  if (result.ok) revalidatePath(membersPath);
  return result;
}

/** Sends an invitation again with a new link (the old one stops working) and 14 more days. */
export async function resendInvitationAction(id: string): Promise<ActionResult<InvitationSent>> {
  const result = await runSignedInAction(membersPath, {
    schema: idSchema,
    input: id,
    fields: {},
    role: workspaceOperations.resendInvitation.role,
    run: async (validId, access) => invitationSent(await resendInvitation(access, validId, publicOrigin(await headers()))),
  });
  if (result.ok) revalidatePath(membersPath);
  return result;
}

/** Revokes a pending invitation: its link stops working. */
export async function revokeInvitationAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval(membersPath, id, revokeInvitation, workspaceOperations.revokeInvitation.role);
  if (result.ok) revalidatePath(membersPath);
  return result;
}
