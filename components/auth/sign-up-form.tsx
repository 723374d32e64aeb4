"use client";

import { useBrowserTimeZone } from "@/components/browser/use-browser-time-zone";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { useActionForm } from "@/components/ui/form-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { NewPasswordField } from "./new-password-field";
import { signUpWithPassword } from "@/lib/users/actions";

/** `email`: the address filled in at first, e.g. an invitation's. */
export function SignUpForm({ callbackUrl, email }: { callbackUrl: string; email?: string }) {
  const { formAction, values, fieldErrors, formError } = useActionForm(signUpWithPassword, { email });
  const timeZone = useBrowserTimeZone();
  return (
    <form action={formAction} className="space-y-5">
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <input type="hidden" name="timezone" value={timeZone ?? ""} />
      <FormError message={formError} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={values.email} error={fieldErrors.email} />
      <TextField
        label={
          <>
            Name <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
          </>
        }
        name="name"
        autoComplete="name"
        maxLength={100}
        defaultValue={values.name}
        error={fieldErrors.name}
      />
      <NewPasswordField error={fieldErrors.password} />
      {timeZone && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Your days will be counted in your browser’s time zone, {timeZone.replaceAll("_", " ")}. You can change it later in your profile.
        </p>
      )}
      <SubmitButton className="w-full" pendingLabel="Creating account…">
        Create account
      </SubmitButton>
    </form>
  );
}
