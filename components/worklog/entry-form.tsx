"use client";

import { useEffect, useId, useImperativeHandle, useRef, useState, useSyncExternalStore, type FormEvent, type Ref } from "react";
import { formatDuration } from "@/lib/formatting/time-words";
import { priority } from "@/components/keyboard/shortcut-registry";
import { useShortcuts } from "@/components/keyboard/use-shortcuts";
import { ProjectSelect, type ProjectOption } from "@/components/projects/project-select";
import { Button } from "@/components/ui/button";
import { controlClassName, FieldError, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import type { FieldErrors } from "@/lib/server-actions/action-result";
import type { EntryField } from "@/lib/worklog/actions";
import { parseDuration, readInlineMeta } from "@/lib/worklog/composer-text";
import type { EntryFormValues } from "@/lib/worklog/entry-form-values";
import { ClientMarkdown } from "./entry-text";
import { useCompleter } from "./use-completer";

const pressedClassName = "aria-pressed:bg-zinc-200 aria-pressed:text-zinc-900 dark:aria-pressed:bg-zinc-800 dark:aria-pressed:text-zinc-100";

/** The composer's values, read and cleared from outside the form: the timer starts with them. */
export type EntryFormHandle = { values: () => EntryFormValues; clear: () => void };

const durationProblem = "Use minutes (45), hours and minutes (1h 30m, 1:30) or hours (1.5h)";

type EntryFormProps = {
  initialValues: EntryFormValues;
  projects: ProjectOption[];
  /** The account's, in which the date and time are read. */
  timeZone: string;
  submitLabel: string;
  pending?: boolean;
  fieldErrors?: FieldErrors<EntryField>;
  formError?: string;
  /** Shows only the text box until it is focused or filled: the composer at the top of the worklog. */
  compact?: boolean;
  textareaId?: string;
  autoFocus?: boolean;
  /** Whether to clear the form after a submission the server accepted. */
  onSubmit: (values: EntryFormValues) => Promise<boolean> | void;
  onCancel?: () => void;
  handle?: Ref<EntryFormHandle>;
  /** The account's tags, the most used first, which `#` completes in the text. */
  tagSuggestions?: string[];
  /** The trackers' keys seen before, the most used first, which `PAY-` completes in the text. */
  referenceKeySuggestions?: string[];
};

const subscribeToNothing = () => () => {};

/**
 * Runs a change of the form's size now, or, while a pointer button is down anywhere on the page,
 * once it is released: a press elsewhere blurs the form before its click, and shrinking the form
 * then would move what is under the pointer, and the click would miss it (a tag, a link).
 */
function useAfterPointerRelease() {
  const pressed = useRef(false);
  useEffect(() => {
    const press = () => (pressed.current = true);
    const release = () => (pressed.current = false);
    document.addEventListener("pointerdown", press, true);
    document.addEventListener("pointerup", release, true);
    document.addEventListener("pointercancel", release, true);
    return () => {
      document.removeEventListener("pointerdown", press, true);
      document.removeEventListener("pointerup", release, true);
      document.removeEventListener("pointercancel", release, true);
    };
  }, []);
  return (run: () => void) => {
    if (!pressed.current) return run();
    const released = new AbortController();
    const later = () => {
      released.abort();
      setTimeout(run);
    };
    for (const type of ["pointerup", "pointercancel"]) document.addEventListener(type, later, { capture: true, signal: released.signal });
  };
}

/** "⌘" on Apple devices, "Ctrl" elsewhere and on the server. */
function useModifierKeyName(): string {
  return useSyncExternalStore(
    subscribeToNothing,
    () => (/Mac|iPhone|iPad/.test(navigator.platform) ? "⌘" : "Ctrl"),
    () => "Ctrl",
  );
}

/**
 * Markdown content with a preview; tags, project, duration and date on one line. ⌘/Ctrl+Enter
 * saves from anywhere in the form and Escape cancels an edit.
 */
export function EntryForm({
  initialValues,
  projects,
  timeZone,
  submitLabel,
  pending,
  fieldErrors = {},
  formError,
  compact,
  textareaId,
  autoFocus,
  onSubmit,
  onCancel,
  handle,
  tagSuggestions = [],
  referenceKeySuggestions = [],
}: EntryFormProps) {
  const [values, setValues] = useState(initialValues);
  const [previewing, setPreviewing] = useState(false);
  const [focused, setFocused] = useState(false);
  const [durationError, setDurationError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const afterPointerRelease = useAfterPointerRelease();
  const modifierKey = useModifierKeyName();
  const generatedId = useId();
  const contentId = textareaId ?? generatedId;
  const set = (field: keyof EntryFormValues) => (event: { target: { value: string } }) => setValues({ ...values, [field]: event.target.value });
  const expanded = !compact || focused || previewing || Object.values(values).some(Boolean);
  const inline = readInlineMeta(values.content);
  const inlineSummary = [
    ...inline.tags.map((tag) => `#${tag}`),
    ...(inline.durationSeconds && !values.duration ? [formatDuration(inline.durationSeconds)] : []),
  ];

  function clear() {
    setValues(initialValues);
    setPreviewing(false);
  }
  useImperativeHandle(handle, () => ({ values: () => values, clear }));

  const completer = useCompleter({
    text: values.content,
    textarea: textareaRef,
    projects,
    tags: tagSuggestions,
    referenceKeys: referenceKeySuggestions,
    onChoose: (text, projectId) => setValues((current) => ({ ...current, content: text, projectId: projectId ?? current.projectId })),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (values.duration && parseDuration(values.duration) === undefined) {
      setDurationError(durationProblem);
      return;
    }
    setDurationError(undefined);
    if (!(await onSubmit(values))) return;
    clear();
    if (compact) afterPointerRelease(keepWriting);
  }

  /**
   * The composer goes back to one line, its focus kept for the next entry: unless the focus has
   * moved on while the entry was saved (a click on a link), where the blur has the say.
   */
  function keepWriting() {
    const focus = document.activeElement;
    if (focus !== document.body && !formRef.current?.contains(focus)) return;
    textareaRef.current?.focus();
    setFocused(false);
  }

  useShortcuts([
    {
      keys: ["Mod+Enter"],
      label: ["Ctrl+Enter", "⌘+Enter"],
      does: "Save the entry being written or edited",
      scope: formRef,
      priority: priority.overlay,
      run: () => formRef.current?.requestSubmit(),
    },
  ]);
  useShortcuts([{ keys: ["Escape"], does: "Cancel the edit", scope: formRef, priority: priority.overlay, run: () => onCancel?.() }], Boolean(onCancel));

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        afterPointerRelease(() => setFocused(Boolean(formRef.current?.contains(document.activeElement))));
      }}
      className="space-y-3"
    >
      <div>
        <div className="flex items-end justify-between gap-2">
          <label htmlFor={contentId} className={compact ? "sr-only" : "block text-sm font-medium"}>
            What did you work on?
          </label>
          {expanded && (
            <div className="ml-auto flex gap-1" role="group" aria-label="Editor mode">
              <Button variant="ghost" size="sm" className={pressedClassName} aria-pressed={!previewing} onClick={() => setPreviewing(false)}>
                Write
              </Button>
              <Button variant="ghost" size="sm" className={pressedClassName} aria-pressed={previewing} onClick={() => setPreviewing(true)}>
                Preview
              </Button>
            </div>
          )}
        </div>
        <div className={expanded ? "mt-1.5" : "flex items-start gap-2"}>
          {previewing ? (
            <div aria-label="Preview" role="region" className="min-h-28 rounded-md border border-zinc-300 p-3 dark:border-zinc-700">
              {inline.content.trim() ? (
                <ClientMarkdown>{inline.content}</ClientMarkdown>
              ) : (
                <p className="text-sm text-zinc-500 dark:text-zinc-400">Nothing to preview</p>
              )}
            </div>
          ) : (
            <div className="relative min-w-0 flex-1">
              <textarea
                ref={textareaRef}
                id={contentId}
                name="content"
                required
                autoFocus={autoFocus}
                rows={expanded ? 5 : 1}
                maxLength={10_000}
                placeholder={compact && !expanded ? "What did you work on?" : "Markdown: **bold**, lists, `code`, links… #tags and ~1h30 work too"}
                value={values.content}
                onChange={(event) => {
                  set("content")(event);
                  completer.follow(event.target);
                }}
                onSelect={(event) => completer.follow(event.currentTarget)}
                onKeyDown={completer.onKeyDown}
                onBlur={completer.close}
                aria-invalid={fieldErrors.content ? true : undefined}
                aria-describedby={[fieldErrors.content && `${contentId}-error`, `${contentId}-keys`].filter(Boolean).join(" ")}
                {...completer.textareaProps}
                className={`${controlClassName} resize-y`}
              />
              {completer.list}
            </div>
          )}
          {!expanded && <FormButtons submitLabel={submitLabel} pending={pending} />}
        </div>
        <FieldError id={`${contentId}-error`} message={fieldErrors.content} />
        <p id={`${contentId}-keys`} className={expanded ? "mt-1 text-xs text-zinc-600 dark:text-zinc-400" : "sr-only"}>
          {modifierKey}+Enter saves{onCancel ? ", Escape cancels" : ""}; @ picks a project, # a tag.
          {inlineSummary.length > 0 && <span> From the text: {inlineSummary.join(" · ")}.</span>}
        </p>
      </div>
      {expanded && (
        <div className="flex flex-wrap items-start gap-3">
          <TextField
            label="Tags"
            name="tags"
            autoComplete="off"
            placeholder="#design #review"
            value={values.tags}
            onChange={set("tags")}
            error={fieldErrors.tags}
            className="min-w-40 flex-[2_1_10rem]"
          />
          <ProjectSelect
            label="Project"
            name="project_id"
            projects={projects}
            noneLabel="No project"
            value={values.projectId}
            onChange={set("projectId")}
            error={fieldErrors.project_id}
            className="min-w-36 flex-[2_1_9rem]"
          />
          <TextField
            label="Duration"
            name="duration"
            autoComplete="off"
            placeholder="1h30"
            value={values.duration}
            onChange={set("duration")}
            error={durationError ?? fieldErrors.duration_seconds}
            className="w-24 flex-[1_1_6rem]"
          />
          <TextField
            label="Date and time"
            name="recorded_at"
            type="datetime-local"
            hint={`${timeZone.replaceAll("_", " ")}${initialValues.recordedAt ? "" : "; empty: now"}`}
            value={values.recordedAt}
            onChange={set("recordedAt")}
            error={fieldErrors.recorded_at}
            className="flex-[2_1_12rem]"
          />
        </div>
      )}
      <FormError message={formError} />
      {expanded && <FormButtons submitLabel={submitLabel} pending={pending} onCancel={onCancel} />}
    </form>
  );
}

function FormButtons({ submitLabel, pending, onCancel }: { submitLabel: string; pending?: boolean; onCancel?: () => void }) {
  return (
    <div className="flex shrink-0 flex-wrap gap-3">
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {submitLabel}
      </Button>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}
