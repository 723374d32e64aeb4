"use server";

import { redirect } from "next/navigation";
import { accountFieldIssues } from "@/components/auth/account-fields";
import { formText, isValidationError, validationErrors, type FormState } from "@/components/ui/form-state";
import { signIn } from "@/lib/auth/next-auth";
import { signUp } from "@/lib/users/accounts";
import { safeCallbackUrl } from "../signin/callback-url";

export type SignUpState = FormState<"email" | "name" | "password">;

export async function signUpWithPassword(_previous: SignUpState, formData: FormData): Promise<SignUpState> {
  const values = { email: formText(formData, "email"), name: formText(formData, "name") };
  const password = formText(formData, "password");
  try {
    await signUp({ email: values.email, name: values.name.trim() || null, password });
  } catch (error) {
    if (!isValidationError(error)) throw error;
    const { email, name, password: passwordIssues } = accountFieldIssues;
    return { values, ...validationErrors(error, { email, name, password: passwordIssues }) };
  }
  await signIn("credentials", { email: values.email, password, redirect: false });
  redirect(safeCallbackUrl(formData.get("callbackUrl")));
}
