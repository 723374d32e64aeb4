"use client";

import { useId, useState, type FormEvent } from "react";
import { Markdown } from "@/components/markdown";
import { ProjectSelect, type ProjectOption } from "@/components/projects/project-select";
import { Button } from "@/components/ui/button";
import { controlClassName, FieldError, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { instantOf, wallClock } from "@/lib/time";
import type { FieldErrors } from "@/lib/web/action-result";
import type { EntryField } from "@/lib/worklog/actions";
import type { EntryView } from "@/lib/worklog/views";

export type EntryFormValues = { content: string; recordedAt: string; durationMinutes: string; tags: string; projectId: string };

const pressedClassName = "aria-pressed:bg-zinc-200 aria-pressed:text-zinc-900 dark:aria-pressed:bg-zinc-800 dark:aria-pressed:text-zinc-100";

export const emptyEntryForm: EntryFormValues = { content: "", recordedAt: "", durationMinutes: "", tags: "", projectId: "" };

/** The form's values for an entry; its time is the wall-clock time in the account's time zone. */
export function entryFormValues(entry: EntryView, timeZone: string): EntryFormValues {
  return {
    content: entry.content,
    recordedAt: wallClock(new Date(entry.recorded_at), timeZone),
    durationMinutes: entry.duration_seconds === null ? "" : String(Math.round(entry.duration_seconds / 60) || 1),
    tags: entry.tags.join(" "),
    projectId: entry.project_id ?? "",
  };
}

/** The body the entry schemas take; an empty date means "now" on create and "unchanged" on update. */
export function entryInput(values: EntryFormValues, timeZone: string) {
  return {
    content: values.content,
    recorded_at: values.recordedAt ? instantOf(values.recordedAt, timeZone).toISOString() : undefined,
    duration_seconds: values.durationMinutes ? Math.round(Number(values.durationMinutes) * 60) : null,
    tags: values.tags.split(/[\s,]+/).filter(Boolean),
    project_id: values.projectId || null,
  };
}

type EntryFormProps = {
  initialValues: EntryFormValues;
  projects: ProjectOption[];
  /** The account's, in which the date and time are read. */
  timeZone: string;
  submitLabel: string;
  pending?: boolean;
  fieldErrors?: FieldErrors<EntryField>;
  formError?: string;
  /** Whether to clear the form after a submission the server accepted. */
  onSubmit: (values: EntryFormValues) => Promise<boolean> | void;
  onCancel?: () => void;
};

/** Markdown content with a preview, tags, project, date and time, and duration. */
export function EntryForm({ initialValues, projects, timeZone, submitLabel, pending, fieldErrors = {}, formError, onSubmit, onCancel }: EntryFormProps) {
  const [values, setValues] = useState(initialValues);
  const [previewing, setPreviewing] = useState(false);
  const contentId = useId();
  const set = (field: keyof EntryFormValues) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await onSubmit(values)) {
      setValues(initialValues);
      setPreviewing(false);
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <div className="flex items-end justify-between gap-2">
          <label htmlFor={contentId} className="block text-sm font-medium">
            What did you work on?
          </label>
          <div className="flex gap-1" role="group" aria-label="Editor mode">
            <Button variant="ghost" size="sm" className={pressedClassName} aria-pressed={!previewing} onClick={() => setPreviewing(false)}>
              Write
            </Button>
            <Button variant="ghost" size="sm" className={pressedClassName} aria-pressed={previewing} onClick={() => setPreviewing(true)}>
              Preview
            </Button>
          </div>
        </div>
        <div className="mt-1.5">
          {previewing ? (
            <div aria-label="Preview" role="region" className="min-h-28 rounded-md border border-zinc-300 p-3 dark:border-zinc-700">
              {values.content.trim() ? <Markdown>{values.content}</Markdown> : <p className="text-sm text-zinc-500 dark:text-zinc-400">Nothing to preview</p>}
            </div>
          ) : (
            <textarea
              id={contentId}
              name="content"
              required
              rows={5}
              maxLength={10_000}
              placeholder="Markdown: **bold**, lists, `code`, links…"
              value={values.content}
              onChange={set("content")}
              aria-invalid={fieldErrors.content ? true : undefined}
              aria-describedby={fieldErrors.content ? `${contentId}-error` : undefined}
              className={controlClassName}
            />
          )}
        </div>
        <FieldError id={`${contentId}-error`} message={fieldErrors.content} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <ProjectSelect label="Project" name="project_id" projects={projects} noneLabel="No project" value={values.projectId} onChange={set("projectId")} error={fieldErrors.project_id} />
        <TextField label="Tags" name="tags" autoComplete="off" placeholder="design review" hint="Separated by spaces or commas" value={values.tags} onChange={set("tags")} error={fieldErrors.tags} />
        <TextField label="Date and time" name="recorded_at" type="datetime-local" hint={`${timeZone.replaceAll("_", " ")}${initialValues.recordedAt ? "" : "; empty: now"}`} value={values.recordedAt} onChange={set("recordedAt")} error={fieldErrors.recorded_at} />
        <TextField label="Duration (minutes)" name="duration" type="number" min={1} max={10_080} step={1} inputMode="numeric" value={values.durationMinutes} onChange={set("durationMinutes")} error={fieldErrors.duration_seconds} />
      </div>
      <FormError message={formError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
