"use server";

import { revalidatePath } from "next/cache";
import { requireUser } from "@/lib/auth/current-user";
import { AppError } from "@/lib/errors";
import { revokeDevice } from "@/lib/oauth/tokens";

export async function revokeDeviceAction(id: string) {
  const user = await requireUser("/settings/devices");
  try {
    await revokeDevice(user.id, id);
  } catch (error) {
    // Already revoked (e.g. from another tab): the list refresh below shows that.
    if (!(error instanceof AppError && error.kind === "not_found")) throw error;
  }
  revalidatePath("/settings/devices");
}
