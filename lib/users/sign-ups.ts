import { getConfig } from "@/lib/config";

/** What the sign-up page, its action and a GitHub sign-in of a new account say while SIGN_UPS=closed (README "Configuration"). */
export const signUpsClosedMessage = "Sign-ups are closed on this server. Ask its administrator for an account, then sign in.";

/**
 * Whether `email` may get a new account: always while sign-ups are open; while SIGN_UPS=closed,
 * only when it is `invitedEmail`'s answer, the address of a pending invitation whose page the
 * sign-up returns to (docs/api.md, "Workspaces").
 */
export async function signUpAllowed(email: string, invitedEmail: () => Promise<string | null>): Promise<boolean> {
  if (getConfig().signUpsOpen) return true;
  const invited = await invitedEmail();
  return invited !== null && invited === email.trim().toLowerCase();
}
