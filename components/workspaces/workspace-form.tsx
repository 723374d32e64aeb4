"use client";

import { SelectField, TextField } from "@/components/ui/field";
import { FormError, FormNotice } from "@/components/ui/form-feedback";
import { useActionForm } from "@/components/ui/form-state";
import { SubmitButton } from "@/components/ui/submit-button";
import { updateWorkspaceAction, type WorkspaceField } from "@/lib/workspaces/settings-actions";

/** The workspace's name, slug and who reads entries (an admin's: the others see them read-only). */
export function WorkspaceForm({ settings }: { settings: Record<WorkspaceField, string> }) {
  const { formAction, values, fieldErrors, formError, succeeded } = useActionForm(updateWorkspaceAction, settings, (saved) => saved);
  return (
    <form action={formAction} className="max-w-md space-y-5">
      <TextField label="Name" name="name" required maxLength={100} defaultValue={values.name} error={fieldErrors.name} />
      <TextField
        label="Slug"
        name="slug"
        required
        maxLength={48}
        autoCapitalize="none"
        spellCheck={false}
        hint="2 to 48 of a–z, 0–9 and -, unique on this server. An old slug does not redirect."
        defaultValue={values.slug}
        error={fieldErrors.slug}
      />
      <SelectField
        label="Who reads entries"
        name="entries_visible_to"
        hint="With admins only, a member or viewer reads their own entries only."
        defaultValue={values.entries_visible_to}
        error={fieldErrors.entries_visible_to}
      >
        <option value="members">Every member</option>
        <option value="admins">Admins only</option>
      </SelectField>
      <FormError message={formError} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pendingLabel="Saving…">Save workspace</SubmitButton>
        <FormNotice message={succeeded ? "Workspace saved." : undefined} />
      </div>
    </form>
  );
}
