"use client";

import { useRouter } from "next/navigation";
import { useActionState, useRef, useState } from "react";
import { focusTargets } from "@/components/keyboard/focus-targets";
import { Button } from "@/components/ui/button";
import { FieldError, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextLink } from "@/components/ui/text-link";
import { startRecap, type RecapFormField } from "@/lib/recaps/actions";
import type { RecapPeriod } from "@/lib/recaps/periods";
import { DEFAULT_RECAP_TEMPLATE, recapTemplates } from "@/lib/recaps/templates";
import type { WeekStart } from "@/lib/time";
import { formText, type FieldErrors } from "@/lib/server-actions/action-result";
import { useWorkspaceHref } from "@/components/workspaces/workspace-link";

type RecapFormState = {
  values: Partial<Record<Exclude<RecapFormField, "project_ids">, string>>;
  projectIds: string[];
  fieldErrors: FieldErrors<RecapFormField>;
  formError?: string;
};

/** The template and filters of a new recap and the Generate button, which opens the new recap's page, where it streams in. */
type RecapFormProps = {
  projects: { id: string; name: string }[];
  /** The periods offered in one click; the form starts with the first. */
  periods: RecapPeriod[];
  weekStart: WeekStart;
};

export function RecapForm({ projects, periods, weekStart }: RecapFormProps) {
  const router = useRouter();
  const workspaceHref = useWorkspaceHref();
  const initial = periods[0]!;
  // The new recap has an address of its own, to reload, bookmark or share: the form goes there
  // (inside the action's transition, so that the button says "Starting…" until the page shows).
  async function submit(_previous: RecapFormState, formData: FormData): Promise<RecapFormState> {
    const values = Object.fromEntries((["template", "from", "to", "tags", "exclude_tags"] as const).map((name) => [name, formText(formData, name)]));
    const projectIds = formData.getAll("project_ids").map(String);
    const result = await startRecap(formData);
    if (result.ok) router.push(workspaceHref(`/recaps/${result.data.id}`));
    return result.ok ? { values, projectIds, fieldErrors: {} } : { values, projectIds, fieldErrors: result.fieldErrors, formError: result.message };
  }
  const [state, formAction] = useActionState(submit, {
    values: { template: DEFAULT_RECAP_TEMPLATE, from: initial.from, to: initial.to },
    projectIds: [],
    fieldErrors: {},
  });
  // The dates as typed or chosen, to show which period they are.
  const [range, setRange] = useState({ from: initial.from, to: initial.to });
  const fromField = useRef<HTMLInputElement>(null);
  const toField = useRef<HTMLInputElement>(null);

  function choose(period: RecapPeriod) {
    fromField.current!.value = period.from;
    toField.current!.value = period.to;
    setRange({ from: period.from, to: period.to });
  }

  return (
    <form
      id={focusTargets.newRecap}
      tabIndex={-1}
      aria-label="New recap"
      action={formAction}
      className="space-y-6 rounded-lg border border-zinc-200 p-4 sm:p-6 dark:border-zinc-800"
    >
      <FormError message={state.formError} />
      <fieldset aria-describedby={state.fieldErrors.template ? "recap-template-error" : undefined}>
        <legend className="text-sm font-medium">Template</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {recapTemplates.map((template) => (
            <label
              key={template.id}
              className="flex cursor-pointer gap-3 rounded-md border border-zinc-300 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-500 dark:border-zinc-700 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950"
            >
              <input
                type="radio"
                name="template"
                value={template.id}
                defaultChecked={(state.values.template || DEFAULT_RECAP_TEMPLATE) === template.id}
                aria-labelledby={`recap-template-${template.id}-label`}
                aria-describedby={`recap-template-${template.id}`}
                className="mt-1 accent-brand-600 dark:accent-brand-400"
              />
              <span>
                <span id={`recap-template-${template.id}-label`} className="block text-sm font-medium">
                  {template.label}
                </span>
                <span id={`recap-template-${template.id}`} className="block text-sm text-pretty text-zinc-600 dark:text-zinc-400">
                  {template.description}
                </span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id="recap-template-error" message={state.fieldErrors.template} />
      </fieldset>
      <div>
        <div role="group" aria-labelledby="recap-periods-label" aria-describedby="recap-periods-hint" className="flex flex-wrap items-center gap-2">
          <span id="recap-periods-label" className="mr-1 text-sm font-medium">
            Period
          </span>
          {periods.map((period) => (
            <Button
              key={period.label}
              variant="secondary"
              size="sm"
              aria-pressed={period.from === range.from && period.to === range.to}
              className="aria-pressed:border-brand-600 aria-pressed:bg-brand-50 dark:aria-pressed:border-brand-400 dark:aria-pressed:bg-brand-950"
              onClick={() => choose(period)}
            >
              {period.label}
            </Button>
          ))}
        </div>
        <p id="recap-periods-hint" className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
          Weeks start on {weekStart === "monday" ? "Monday" : "Sunday"}, as your <TextLink href="/settings/profile">profile</TextLink> says.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          ref={fromField}
          label="From"
          name="from"
          type="date"
          defaultValue={state.values.from}
          error={state.fieldErrors.from}
          onChange={(event) => setRange({ ...range, from: event.target.value })}
        />
        <TextField
          ref={toField}
          label="To"
          name="to"
          type="date"
          defaultValue={state.values.to}
          error={state.fieldErrors.to}
          hint="Both days included, in your time zone."
          onChange={(event) => setRange({ ...range, to: event.target.value })}
        />
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
  );
}
