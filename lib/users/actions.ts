"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { z } from "zod";
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { signIn, signOut } from "@/lib/auth/next-auth";
import { signInFailure, signUpWait, tryAgainIn } from "@/lib/auth/sign-in-limits";
import { AppError } from "@/lib/errors";
import { formText, formValues, type ActionResult } from "@/lib/server-actions/action-result";
import { runAction, runSignedInAction, runSignedInFormAction } from "@/lib/server-actions/run-action";
import { createUserIfNew, deleteUser, updateUser } from "./accounts";
import { profileUpdateSchema, signUpSchema } from "./schemas";
import { invitedEmailFor } from "@/lib/workspaces/invitation-guesses";
import { signUpAllowed, signUpsClosedMessage } from "./sign-ups";

export type SignUpResult = ActionResult<void, "email" | "name" | "password">;

/** Said whenever an address cannot get a new account, never whether it has one (README, "Security"). */
const emailNotAvailable = "No new account can be made with this email. If you already have an account, sign in instead.";

/**
 * Creates the account and signs in. An address that has an account already signs in to it when
 * the password is its own (someone who forgot they had one gets in), and is otherwise refused
 * in words that do not say it is taken; attempts are limited per client IP. With SIGN_UPS=closed
 * it refuses everyone but the invited address of the invitation whose page it returns to.
 */
export async function signUpWithPassword(_previous: SignUpResult | null, formData: FormData): Promise<SignUpResult> {
  const values = formValues(formData, ["email", "name"]);
  const callbackUrl = safeCallbackUrl(formData.get("callbackUrl"));
  if (!(await signUpAllowed(values.email, () => invitedEmailFor(callbackUrl)))) return { ok: false, fieldErrors: {}, message: signUpsClosedMessage, values };
  const password = formText(formData, "password");
  const result = await runAction({
    schema: signUpSchema,
    input: { email: values.email, name: values.name.trim() || null, password, timezone: formText(formData, "timezone") },
    fields: { email: "email address", name: "name", password: { label: "password", format: "a password that is harder to guess" } },
    values,
    run: async (account) => {
      const wait = await signUpWait(new Request("http://sign-up.invalid/", { headers: await headers() }));
      if (wait !== undefined) throw new AppError("rate_limited", `Too many sign-ups from your network. ${tryAgainIn(wait)}`);
      const created = await createUserIfNew(account);
      try {
        await signIn("credentials", { email: account.email, password, redirect: false });
      } catch (error) {
        const failure = signInFailure(error);
        throw created ? failure : new AppError("authentication", emailNotAvailable);
      }
    },
  });
  if (!result.ok) return result;
  redirect(callbackUrl);
}

export type ProfileField = "name" | "email" | "timezone" | "week_start" | "hour_cycle";

/** What the profile form's action answers: the profile as saved, in the form's fields. */
export type ProfileResult = ActionResult<Record<ProfileField, string>, ProfileField>;

export async function saveProfile(_previous: ProfileResult | null, formData: FormData): Promise<ProfileResult> {
  const result = await runSignedInFormAction("/settings/profile", formData, {
    schema: profileUpdateSchema,
    fields: { name: "name", email: "email address", timezone: "time zone", week_start: "first day of the week", hour_cycle: "clock" },
    input: (values) => ({ ...values, name: values.name.trim() || null }),
    run: async (changes, access) => {
      const saved = await updateUser(access, changes);
      return { name: saved.name ?? "", email: saved.email, timezone: saved.timezone, week_start: saved.weekStart, hour_cycle: String(saved.hourCycle ?? "") };
    },
  });
  if (result.ok) revalidatePath("/", "layout");
  return result;
}

export type DeleteAccountResult = ActionResult<void, "confirmation">;

export async function deleteAccount(_previous: DeleteAccountResult | null, formData: FormData): Promise<DeleteAccountResult> {
  const result = await runSignedInAction("/settings/profile", {
    schema: z.object({ confirmation: z.string() }),
    input: { confirmation: formText(formData, "confirmation") },
    fields: { confirmation: "confirmation" },
    run: async ({ confirmation }, { user }) => {
      if (confirmation.trim().toLowerCase() !== user.email) {
        throw AppError.validation([{ pointer: "/confirmation", detail: "Invalid value", message: `Type ${user.email} to confirm` }]);
      }
      await deleteUser(user.id);
      await signOut({ redirect: false });
    },
  });
  if (!result.ok) return result;
  redirect("/");
}
