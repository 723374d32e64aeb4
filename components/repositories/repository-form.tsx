"use client";

import { ProjectSelect, type ProjectOption } from "@/components/projects/project-select";
import { TextField } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { useActionForm, type FormAction } from "@/components/ui/form-state";
import type { RepositoryField, RepositoryValues } from "@/lib/repositories/actions";

type RepositoryFormProps = {
  action: FormAction<RepositoryValues, RepositoryField>;
  projects: ProjectOption[];
  /** The repository edited; without it, the form creates one and is emptied after each. */
  repository?: RepositoryValues;
  submitLabel: string;
  pendingLabel: string;
  /** Beside the button after a success, e.g. "Repository created." */
  successNotice: string;
};

export function RepositoryForm({ action, projects, repository, submitLabel, pendingLabel, successNotice }: RepositoryFormProps) {
  const { formAction, values, fieldErrors, formError, succeeded } = useActionForm(action, repository ?? {}, repository && ((saved) => saved));
  return (
    <form action={formAction} className="max-w-xl space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" name="name" required maxLength={100} autoComplete="off" defaultValue={values.name} error={fieldErrors.name} />
        <ProjectSelect
          label="Project"
          name="project_id"
          projects={projects}
          noneLabel="No project"
          defaultValue={values.project_id ?? ""}
          error={fieldErrors.project_id}
        />
      </div>
      <TextField
        label="Remote URL"
        name="remote_url"
        maxLength={2048}
        autoComplete="off"
        placeholder="https://github.com/you/repo"
        defaultValue={values.remote_url}
        error={fieldErrors.remote_url}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Local path" name="local_path" maxLength={4096} autoComplete="off" defaultValue={values.local_path} error={fieldErrors.local_path} />
        <TextField
          label="Default branch"
          name="default_branch"
          maxLength={255}
          autoComplete="off"
          placeholder="main"
          defaultValue={values.default_branch}
          error={fieldErrors.default_branch}
        />
      </div>
      <FormActions formError={formError} notice={succeeded ? successNotice : undefined} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </form>
  );
}
