"use client";

import { useActionState } from "react";
import { FieldError, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { startRecap, type RecapFormField } from "@/lib/recaps/actions";
import type { RecapResponse } from "@/lib/recaps/responses";
import { formText, type FieldErrors } from "@/lib/web/action-result";
import { RecapLive } from "./recap-live";

type RecapFormState = {
  values: Partial<Record<Exclude<RecapFormField, "project_ids">, string>>;
  projectIds: string[];
  fieldErrors: FieldErrors<RecapFormField>;
  formError?: string;
  recap?: RecapResponse;
};

async function submit(previous: RecapFormState, formData: FormData): Promise<RecapFormState> {
  const values = Object.fromEntries((["from", "to", "tags", "exclude_tags"] as const).map((name) => [name, formText(formData, name)]));
  const projectIds = formData.getAll("project_ids").map(String);
  const result = await startRecap(formData);
  if (result.ok) return { values, projectIds, fieldErrors: {}, recap: result.data };
  return { values, projectIds, fieldErrors: result.fieldErrors, formError: result.message, recap: previous.recap };
}

/** The filters of a new recap, the Generate button, and the recap as it streams in. */
export function RecapForm({ projects, today }: { projects: { id: string; name: string }[]; today: string }) {
  const [state, formAction] = useActionState(submit, { values: { from: today, to: today }, projectIds: [], fieldErrors: {} });
  return (
    <div className="space-y-8">
      <form action={formAction} className="space-y-6 rounded-lg border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800">
        <FormError message={state.formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="From" name="from" type="date" defaultValue={state.values.from} error={state.fieldErrors.from} />
          <TextField label="To" name="to" type="date" defaultValue={state.values.to} error={state.fieldErrors.to} hint="Both days included, in your time zone." />
          <TextField
            label="Tags"
            name="tags"
            autoComplete="off"
            placeholder="e.g. frontend, deploy"
            hint="Only entries with any of these tags. Empty for all."
            defaultValue={state.values.tags}
            error={state.fieldErrors.tags}
          />
          <TextField
            label="Excluded tags"
            name="exclude_tags"
            autoComplete="off"
            placeholder="e.g. meeting"
            hint="Leave out entries with any of these tags."
            defaultValue={state.values.exclude_tags}
            error={state.fieldErrors.exclude_tags}
          />
        </div>
        {projects.length > 0 && (
          <fieldset aria-describedby="recap-projects-hint">
            <legend className="text-sm font-medium">Projects</legend>
            <p id="recap-projects-hint" className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
              None chosen: every project, and entries without one.
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              {projects.map((project) => (
                <label key={project.id} className="flex items-center gap-2 rounded-md border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700">
                  <input type="checkbox" name="project_ids" value={project.id} defaultChecked={state.projectIds.includes(project.id)} />
                  {project.name}
                </label>
              ))}
            </div>
            <FieldError message={state.fieldErrors.project_ids} />
          </fieldset>
        )}
        <SubmitButton pendingLabel="Starting…">Generate recap</SubmitButton>
      </form>
      {state.recap && (
        <section aria-label="New recap">
          <RecapLive key={state.recap.id} initial={state.recap} />
        </section>
      )}
    </div>
  );
}
