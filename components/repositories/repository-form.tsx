"use client";

import { useActionState } from "react";
import type { RepositoryFormState } from "@/app/repositories/actions";
import { ProjectSelect, type ProjectOption } from "@/components/projects/project-select";
import { TextField } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";

type RepositoryValues = RepositoryFormState["values"];

type RepositoryFormProps = {
  action: (previous: RepositoryFormState, formData: FormData) => Promise<RepositoryFormState>;
  projects: ProjectOption[];
  repository?: RepositoryValues;
  submitLabel: string;
  pendingLabel: string;
};

export function RepositoryForm({ action, projects, repository, submitLabel, pendingLabel }: RepositoryFormProps) {
  const [state, formAction] = useActionState(action, { values: repository ?? {}, fieldErrors: {} } satisfies RepositoryFormState);
  const { values, fieldErrors } = state;
  return (
    <form action={formAction} className="max-w-xl space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" name="name" required maxLength={100} autoComplete="off" defaultValue={values.name} error={fieldErrors.name} />
        <ProjectSelect label="Project" name="project_id" projects={projects} noneLabel="No project" defaultValue={values.project_id ?? ""} error={fieldErrors.project_id} />
      </div>
      <TextField label="Remote URL" name="remote_url" maxLength={2048} autoComplete="off" placeholder="https://github.com/you/repo" defaultValue={values.remote_url} error={fieldErrors.remote_url} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Local path" name="local_path" maxLength={4096} autoComplete="off" defaultValue={values.local_path} error={fieldErrors.local_path} />
        <TextField label="Default branch" name="default_branch" maxLength={255} autoComplete="off" placeholder="main" defaultValue={values.default_branch} error={fieldErrors.default_branch} />
      </div>
      <FormActions formError={state.formError} notice={state.notice} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </form>
  );
}
