"use client";

import { useActionState } from "react";
import type { ProjectFormState } from "@/app/projects/actions";
import { TextAreaField, TextField } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";

type ProjectFormProps = {
  action: (previous: ProjectFormState, formData: FormData) => Promise<ProjectFormState>;
  project?: { name: string; identifier: string; description: string };
  submitLabel: string;
  pendingLabel: string;
};

export function ProjectForm({ action, project, submitLabel, pendingLabel }: ProjectFormProps) {
  const [state, formAction] = useActionState(action, { values: project ?? {}, fieldErrors: {} } satisfies ProjectFormState);
  return (
    <form action={formAction} className="max-w-xl space-y-5">
      <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
        <TextField label="Name" name="name" required maxLength={100} autoComplete="off" defaultValue={state.values.name} error={state.fieldErrors.name} />
        <TextField
          label="Identifier"
          name="identifier"
          maxLength={3}
          autoComplete="off"
          hint={project ? undefined : "Optional, e.g. WP"}
          defaultValue={state.values.identifier}
          error={state.fieldErrors.identifier}
        />
      </div>
      <TextAreaField label="Description" name="description" rows={3} maxLength={2000} defaultValue={state.values.description} error={state.fieldErrors.description} />
      <FormActions formError={state.formError} notice={state.notice} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </form>
  );
}
