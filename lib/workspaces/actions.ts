"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { withCallbackUrl } from "@/lib/auth/callback-url";
import { endBrowserSession } from "@/lib/auth/sign-out";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction, runSignedInFormAction } from "@/lib/server-actions/run-action";
import { z } from "zod";
import { acceptInvitation, invitationPath } from "./invitation-acceptance";
import { lookUpInvitationLink } from "./invitation-guesses";
import { invitationTokenSchema, workspaceNameSchema } from "./schemas";
import { createWorkspace } from "./workspace-creation";
import { workspaceBase } from "./workspace-path";

/** Joins the workspace of the invitation `token` (its page's Accept), then shows its page again, which says so. */
export async function acceptInvitationAction(token: string): Promise<ActionResult<void>> {
  const path = invitationPath(token);
  const result = await runSignedInAction(path, {
    schema: invitationTokenSchema,
    input: token,
    fields: {},
    run: async (validToken, { user }) => {
      await lookUpInvitationLink(await headers(), () => acceptInvitation(user, validToken));
    },
  });
  if (!result.ok) return result;
  revalidatePath("/", "layout");
  redirect(path);
}

/** Signs out, to sign in or up with the invited address, and come back to the invitation `token`. */
export async function switchAccountForInvitation(token: string, target: "signin" | "signup"): Promise<never> {
  await endBrowserSession();
  redirect(withCallbackUrl(`/${target}`, invitationPath(token)));
}

/** Creates a workspace owned by the signed-in user (the header's switcher), answering where its pages start. */
export async function createWorkspaceAction(formData: FormData): Promise<ActionResult<{ href: string }, "name">> {
  return runSignedInFormAction("/", formData, {
    schema: z.object({ name: workspaceNameSchema }),
    input: ({ name }) => ({ name }),
    fields: { name: "Name" },
    run: async ({ name }, { user }) => ({ href: workspaceBase(await createWorkspace(user.id, user.email, name)) }),
  });
}
