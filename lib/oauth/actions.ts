"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import { formatUserCode, normalizeUserCode } from "./credentials";
import { decideDeviceGrant } from "./device-flow";
import { revokeDevice } from "./tokens";
import { lookUpTypedUserCode } from "./user-code-guesses";

/**
 * Approves or denies a device's request, then shows the code's page again: it says what was
 * decided and tells the client, or, refused (e.g. expired), why.
 */
export async function decideDevice(userCode: string, decision: "approved" | "denied"): Promise<never> {
  const path = `/device?user_code=${encodeURIComponent(formatUserCode(normalizeUserCode(userCode)))}`;
  await runSignedInAction(path, {
    schema: z.object({ userCode: z.string(), decision: z.enum(["approved", "denied"]) }),
    input: { userCode, decision },
    fields: {},
    run: (request, { user, workspace }) => lookUpTypedUserCode(user.id, () => decideDeviceGrant(user.id, request.userCode, request.decision, workspace.id)),
  });
  redirect(path);
}

export async function revokeDeviceAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval("/settings/devices", id, (access, deviceId) => revokeDevice(access.user.id, deviceId));
  revalidatePath("/settings/devices");
  return result;
}
