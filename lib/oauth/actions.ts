"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import { formText, type ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import { formatUserCode, normalizeUserCode } from "./credentials";
import { decideDeviceGrant } from "./device-flow";
import { revokeDevice } from "./tokens";
import { lookUpTypedUserCode } from "./user-code-guesses";

/**
 * Approves or denies a device's request, for the workspace the form names (`workspace_id`, sent
 * by a user of several; else the one the browser works in), then shows the code's page again: it
 * says what was decided and tells the client, or, refused (e.g. expired), why. A workspace that
 * is not the user's is refused by decideDeviceGrant and said by the form, as the grant still waits.
 */
export async function decideDevice(
  userCode: string,
  decision: "approved" | "denied",
  _previous: ActionResult<void, "workspace_id"> | null,
  formData: FormData,
): Promise<ActionResult<void, "workspace_id">> {
  const path = `/device?user_code=${encodeURIComponent(formatUserCode(normalizeUserCode(userCode)))}`;
  const result = await runSignedInAction(path, {
    schema: z.object({ userCode: z.string(), decision: z.enum(["approved", "denied"]), workspace_id: z.string().optional() }),
    input: { userCode, decision, workspace_id: formText(formData, "workspace_id") || undefined },
    fields: { workspace_id: "workspace" },
    run: (request, { user, workspace }) =>
      lookUpTypedUserCode(user.id, () => decideDeviceGrant(user.id, request.userCode, request.decision, request.workspace_id ?? workspace.id)),
  });
  if (!result.ok && result.fieldErrors.workspace_id) return result;
  redirect(path);
}

export async function revokeDeviceAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval("/settings/devices", id, (access, deviceId) => revokeDevice(access.user.id, deviceId));
  revalidatePath("/settings/devices");
  return result;
}
