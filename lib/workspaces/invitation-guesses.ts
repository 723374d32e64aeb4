import "server-only";
import { headers } from "next/headers";
import { clientIp } from "@/lib/client-ip";
import { AppError } from "@/lib/errors";
import { lookUpCountingWrongGuesses } from "@/lib/rate-limit/wrong-guesses";
import { invitationTokenIn, pendingInvitationEmail } from "./invitation-acceptance";

/**
 * Looks up what an invitation link names for the client at `headers`' address, counting the links
 * that name nothing: 10 in 15 minutes (README, "Security"), then even a right link waits.
 */
export function lookUpInvitationLink<T>(headers: Headers, lookUp: () => Promise<T>): Promise<T> {
  return lookUpCountingWrongGuesses({ name: "wrong-invitation-links", what: "invitation links", key: clientIp(headers) }, lookUp);
}

/**
 * The invited address of the pending invitation whose page `callbackUrl` is, or null: signing up
 * or in on the way to it, the address is filled in, and sign-up works for it while SIGN_UPS=closed.
 * A link that names no pending invitation counts as a wrong one; past the limit, none is read.
 */
export async function invitedEmailFor(callbackUrl: string): Promise<string | null> {
  const token = invitationTokenIn(callbackUrl);
  if (!token) return null;
  try {
    return await lookUpInvitationLink(await headers(), () => pendingInvitationEmail(token));
  } catch (error) {
    if (error instanceof AppError && error.kind === "rate_limited") return null;
    throw error;
  }
}
