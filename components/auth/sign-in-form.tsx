"use client";

import { useActionState } from "react";
import { signInWithPassword, type SignInState } from "@/app/signin/actions";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";

const initialState: SignInState = { values: {}, fieldErrors: {} };

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction] = useActionState(signInWithPassword, initialState);
  return (
    <form action={formAction} className="space-y-5">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormError message={state.formError} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={state.values.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <SubmitButton className="w-full" pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
