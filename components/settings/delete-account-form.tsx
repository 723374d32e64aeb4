"use client";

import { useState } from "react";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { useActionForm } from "@/components/ui/form-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { deleteAccount } from "@/lib/users/actions";

export function DeleteAccountForm({ email }: { email: string }) {
  const { formAction, fieldErrors, formError } = useActionForm(deleteAccount, {});
  const [confirmation, setConfirmation] = useState("");
  const confirmed = confirmation.trim().toLowerCase() === email;
  return (
    <section aria-labelledby="delete-account-heading" className="rounded-lg border border-red-300 p-5 sm:p-6 dark:border-red-900">
      <h3 id="delete-account-heading" className="text-lg font-semibold text-red-700 dark:text-red-400">
        Delete account
      </h3>
      <p className="mt-2 text-sm text-pretty text-zinc-700 dark:text-zinc-300">
        This deletes your account and your own workspace, at once and for good: its projects, repositories, commits, worklog entries and recaps, and your API
        keys and authorized devices. Scripts and tools using your keys stop working. In teams you belong to, what you wrote stays, without your name.
      </p>
      <form action={formAction} className="mt-5 max-w-md space-y-4">
        <FormError message={formError} />
        <TextField
          label={
            <>
              Type <span className="font-mono break-words">{email}</span> to confirm
            </>
          }
          name="confirmation"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          error={fieldErrors.confirmation}
        />
        <SubmitButton variant="danger" disabled={!confirmed} pendingLabel="Deleting…">
          Delete account
        </SubmitButton>
      </form>
    </section>
  );
}
