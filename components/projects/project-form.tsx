"use client";

import { TextAreaField, TextField } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { useActionForm, type FormAction } from "@/components/ui/form-state";
import type { ProjectField, ProjectValues } from "@/lib/projects/actions";

type ProjectFormProps = {
  action: FormAction<ProjectValues, ProjectField>;
  /** The project edited; without it, the form creates one and is emptied after each. */
  project?: ProjectValues;
  submitLabel: string;
  pendingLabel: string;
  /** Beside the button after a success, e.g. "Project created." */
  successNotice: string;
};

export function ProjectForm({ action, project, submitLabel, pendingLabel, successNotice }: ProjectFormProps) {
  const { formAction, values, fieldErrors, formError, succeeded } = useActionForm(action, project ?? {}, project && ((saved) => saved));
  return (
    <form action={formAction} className="max-w-xl space-y-5">
      <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
        <TextField label="Name" name="name" required maxLength={100} autoComplete="off" defaultValue={values.name} error={fieldErrors.name} />
        <TextField
          label="Identifier"
          name="identifier"
          maxLength={3}
          autoComplete="off"
          hint={project ? undefined : "Optional, e.g. WP"}
          defaultValue={values.identifier}
          error={fieldErrors.identifier}
        />
      </div>
      <TextAreaField label="Description" name="description" rows={3} maxLength={2000} defaultValue={values.description} error={fieldErrors.description} />
      <TextAreaField
        label="Issue trackers"
        name="trackers"
        rows={2}
        hint="One a line: a key prefix and its issues' URL, e.g. PAY https://linear.app/acme/issue/{key}. Entries that name PAY-142 link to it."
        defaultValue={values.trackers}
        error={fieldErrors.trackers}
      />
      <FormActions formError={formError} notice={succeeded ? successNotice : undefined} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </form>
  );
}
