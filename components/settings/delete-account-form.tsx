"use client";

import { FormError } from "@/components/ui/form-feedback";
import { useActionForm } from "@/components/ui/form-state";
import { deleteAccount } from "@/lib/users/actions";
import { TypedConfirmation } from "./typed-confirmation";

export function DeleteAccountForm({ email }: { email: string }) {
  const { formAction, fieldErrors, formError } = useActionForm(deleteAccount, {});
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
        <TypedConfirmation
          expected={email}
          confirms={(typed) => typed.trim().toLowerCase() === email}
          error={fieldErrors.confirmation}
          submitLabel="Delete account"
        />
      </form>
    </section>
  );
}
