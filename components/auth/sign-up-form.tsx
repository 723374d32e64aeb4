"use client";

import { useActionState } from "react";
import { signUpWithPassword, type SignUpState } from "@/app/signup/actions";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";

const initialState: SignUpState = { values: {}, fieldErrors: {} };

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, formAction] = useActionState(signUpWithPassword, initialState);
  return (
    <form action={formAction} className="space-y-5">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormError message={state.formError} />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        defaultValue={state.values.email}
        error={state.fieldErrors.email}
      />
      <TextField
        label={
          <>
            Name <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
          </>
        }
        name="name"
        autoComplete="name"
        maxLength={100}
        defaultValue={state.values.name}
        error={state.fieldErrors.name}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint="At least 8 characters."
        error={state.fieldErrors.password}
      />
      <SubmitButton className="w-full" pendingLabel="Creating account…">
        Create account
      </SubmitButton>
    </form>
  );
}
