"use client";

import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { useActionForm } from "@/components/ui/form-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { signInWithPassword } from "@/lib/auth/actions";

/** `email`: the address filled in at first, e.g. an invitation's. */
export function SignInForm({ callbackUrl, email }: { callbackUrl: string; email?: string }) {
  const { formAction, values, formError } = useActionForm(signInWithPassword, { email });
  return (
    <form action={formAction} className="space-y-5">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormError message={formError} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required defaultValue={values.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
      <SubmitButton className="w-full" pendingLabel="Signing in…">
        Sign in
      </SubmitButton>
    </form>
  );
}
