"use server";

import { redirect } from "next/navigation";
import { requireUser } from "@/lib/auth/current-user";
import { formatUserCode, normalizeUserCode } from "@/lib/oauth/credentials";
import { decideDeviceGrant } from "@/lib/oauth/device-flow";
import { AppError } from "@/lib/errors";

export async function decideDevice(userCode: string, decision: "approved" | "denied") {
  const path = `/device?user_code=${encodeURIComponent(formatUserCode(normalizeUserCode(userCode)))}`;
  const user = await requireUser(path);
  let destination: string | null;
  try {
    destination = await decideDeviceGrant(user.id, userCode, decision);
  } catch (error) {
    // Expired or decided meanwhile (e.g. in another tab): the page says so.
    if (error instanceof AppError && error.kind === "not_found") redirect(path);
    throw error;
  }
  redirect(destination ?? `/device?decision=${decision}`);
}
