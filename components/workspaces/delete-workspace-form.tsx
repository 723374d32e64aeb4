"use client";

import { TypedConfirmation } from "@/components/settings/typed-confirmation";
import { FormError } from "@/components/ui/form-feedback";
import { useActionForm } from "@/components/ui/form-state";
import { deleteWorkspaceAction } from "@/lib/workspaces/settings-actions";

/** Deletes the workspace (the owner's), its name typed to confirm. */
export function DeleteWorkspaceForm({ name }: { name: string }) {
  const { formAction, fieldErrors, formError } = useActionForm(deleteWorkspaceAction, {});
  return (
    <form action={formAction} className="mt-5 max-w-md space-y-4">
      <FormError message={formError} />
      <TypedConfirmation expected={name} confirms={(typed) => typed.trim() === name} error={fieldErrors.confirmation} submitLabel="Delete workspace" />
    </form>
  );
}
