"use server";

import { AuthError } from "next-auth";
import { redirect } from "next/navigation";
import { formText, type FormState } from "@/components/ui/form-state";
import { signIn } from "@/lib/auth/next-auth";
import { safeCallbackUrl } from "./callback-url";

export type SignInState = FormState<"email">;

export async function signInWithPassword(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const email = formText(formData, "email");
  try {
    await signIn("credentials", { email, password: formText(formData, "password"), redirect: false });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const formError = error.type === "CredentialsSignin" ? "Wrong email or password." : "Signing in failed. Please try again.";
    return { values: { email }, fieldErrors: {}, formError };
  }
  redirect(safeCallbackUrl(formData.get("callbackUrl")));
}

export async function signInWithGitHub(callbackUrl: string) {
  await signIn("github", { redirectTo: safeCallbackUrl(callbackUrl) });
}
