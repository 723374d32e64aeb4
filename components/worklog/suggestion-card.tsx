"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { countOf } from "@/components/formatting/format";
import { useClock } from "@/components/formatting/clock-context";
import { formatDateTime, formatDuration, formatTimeRange } from "@/lib/formatting/time-words";
import type { ProjectOption } from "@/components/projects/project-select";
import { Button } from "@/components/ui/button";
import { ExternalLink } from "@/components/ui/external-link";
import { FormError } from "@/components/ui/form-feedback";
import { wallClock } from "@/lib/time";
import { dismissSuggestionAction, logSuggestionAction, undoDismissalAction, type SuggestionIds } from "@/lib/worklog/suggestion-actions";
import type { Suggestion } from "@/lib/worklog/suggestion-schemas";
import { durationText } from "@/lib/worklog/composer-text";
import { entryInput, type EntryFormValues } from "@/lib/worklog/entry-form-values";
import { EntryForm } from "./entry-form";
import { focusAfterLeaving, focusEntryWhenShown } from "./entry-focus";
import { listedRows } from "./entry-rows";
import { refreshAfterChange } from "./entry-query-cache";
import { accepted, RefusedError, refusalMessage } from "./refusal";
import { refreshSuggestions, withoutSuggestion } from "./suggestions-query";

type SuggestionCardProps = {
  suggestion: Suggestion;
  projects: ProjectOption[];
  timeZone: string;
};

const idsOf = (suggestion: Suggestion): SuggestionIds => ({
  commit_ids: suggestion.kind === "commits" ? suggestion.commits.map((commit) => commit.id) : [],
  pull_request_ids: suggestion.pull_request ? [suggestion.pull_request.id] : [],
  calendar_event_ids: suggestion.calendar_event ? [suggestion.calendar_event.id] : [],
});

/** What saving a suggestion attaches: its commits, or, of a day with more than it carries, the oldest ones, which it drafts. */
function attachedCommits({ commits, commit_count: total, calendar_event: event }: Suggestion): string {
  if (event) return `Saving logs the meeting of ${event.calendar_name}.`;
  if (commits.length === 0) return "Saving dismisses the pull request's suggestion.";
  if (total > commits.length) return `Saving attaches the oldest ${commits.length} of the ${total} commits to the entry; the others are suggested next.`;
  return `Saving attaches ${countOf(commits.length, "commit", "commits")} to the entry.`;
}

/** The entry a suggestion becomes: its draft (or what the composer made of it), its commits, its pull request. */
function logInput(suggestion: Suggestion, fields: { content: string; recorded_at?: string; project_id: string | null; [field: string]: unknown }) {
  return {
    ...fields,
    commit_ids: suggestion.commits.map((commit) => commit.id),
    ...(suggestion.pull_request && { pull_request_id: suggestion.pull_request.id }),
    ...(suggestion.calendar_event && { calendar_event_id: suggestion.calendar_event.id }),
  };
}

/**
 * A suggested entry in the worklog's strip (docs/api.md, "Suggested entries"): what it is, its commits on
 * demand, and Log (the composer, filled in with its draft), Log as is, and Dismiss (with Undo).
 */
export function SuggestionCard({ suggestion, projects, timeZone }: SuggestionCardProps) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const [composing, setComposing] = useState(false);
  const logButton = useRef<HTMLButtonElement>(null);
  const wasComposing = useRef(composing);
  const repositoryProject = suggestion.repository?.project_id ?? null;
  const projectId = projects.some((project) => project.id === repositoryProject) ? repositoryProject : null;

  // Cancelling the composer gives focus back to Log, where the keyboard left off.
  useEffect(() => {
    if (wasComposing.current && !composing) logButton.current?.focus();
    wasComposing.current = composing;
  }, [composing]);

  const logged = async (entryId: string) => {
    withoutSuggestion(queryClient, suggestion.id);
    toast.success("Entry added");
    focusEntryWhenShown(entryId);
    await refreshAfterChange(queryClient);
  };

  const log = useMutation({
    mutationFn: (values: EntryFormValues) => accepted(logSuggestionAction(logInput(suggestion, entryInput(values, timeZone)))),
    onSuccess: (entry) => logged(entry.id),
  });

  const logAsIs = useMutation({
    mutationFn: () =>
      accepted(
        logSuggestionAction(
          logInput(suggestion, {
            content: suggestion.content,
            recorded_at: suggestion.recorded_at,
            project_id: projectId,
            ...(suggestion.calendar_event && { duration_seconds: suggestion.calendar_event.duration_seconds }),
          }),
        ),
      ),
    onSuccess: (entry) => logged(entry.id),
  });

  const undo = useMutation({
    mutationFn: (ids: SuggestionIds) => accepted(undoDismissalAction(ids)),
    onSuccess: () => {
      toast.success("Suggestion restored");
      return refreshSuggestions(queryClient);
    },
    onError: (error) => toast.error(refusalMessage(error)),
  });

  const dismiss = useMutation({
    mutationFn: () => accepted(dismissSuggestionAction(idsOf(suggestion))),
    onSuccess: async () => {
      const focusNext = focusAfterLeaving(listedRows({ suggestions: true }), (row) => row.dataset.suggestionId === suggestion.id);
      withoutSuggestion(queryClient, suggestion.id);
      requestAnimationFrame(focusNext);
      toast("Suggestion dismissed", { action: { label: "Undo", onClick: () => undo.mutate(idsOf(suggestion)) } });
      await refreshSuggestions(queryClient);
    },
  });

  const failed = [logAsIs, dismiss].find((mutation) => mutation.error)?.error;
  const refusal = log.error instanceof RefusedError ? log.error.refusal : log.error ? { message: refusalMessage(log.error), fieldErrors: {} } : undefined;
  const busy = log.isPending || logAsIs.isPending || dismiss.isPending;

  return (
    <article
      data-suggestion-id={suggestion.id}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="rounded-lg border border-dashed border-zinc-300 bg-zinc-50 p-3 outline-offset-2 focus:outline-2 focus:outline-brand-500 sm:p-4 dark:border-zinc-700 dark:bg-zinc-900/60"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">
            {suggestion.calendar_event ? `Suggested from your calendar · ${suggestion.calendar_event.calendar_name}` : "Suggested entry"}
          </p>
          <h4 id={titleId} className="font-medium break-words">
            {suggestion.title}
          </h4>
          {suggestion.calendar_event && <MeetingTime meeting={suggestion.calendar_event} timeZone={timeZone} />}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button ref={logButton} size="sm" aria-describedby={titleId} aria-expanded={composing} disabled={busy} onClick={() => setComposing(!composing)}>
            Log
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-describedby={titleId}
            disabled={busy}
            aria-busy={logAsIs.isPending || undefined}
            onClick={() => logAsIs.mutate()}
          >
            {logAsIs.isPending ? "Logging…" : "Log as is"}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-describedby={titleId}
            disabled={busy}
            aria-busy={dismiss.isPending || undefined}
            onClick={() => dismiss.mutate()}
          >
            {dismiss.isPending ? "Dismissing…" : "Dismiss"}
          </Button>
        </div>
      </div>
      <FormError message={failed ? refusalMessage(failed) : undefined} />
      <SuggestionDetails suggestion={suggestion} timeZone={timeZone} />
      {composing && (
        <section
          aria-label={`Log: ${suggestion.title}`}
          className="mt-3 rounded-lg border border-brand-300 bg-white p-3 sm:p-4 dark:border-brand-700 dark:bg-zinc-950"
        >
          <p className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">{attachedCommits(suggestion)}</p>
          <EntryForm
            initialValues={{
              content: suggestion.content,
              recordedAt: wallClock(new Date(suggestion.recorded_at), timeZone),
              duration: suggestion.calendar_event ? durationText(suggestion.calendar_event.duration_seconds) : "",
              tags: "",
              projectId: projectId ?? "",
            }}
            projects={projects}
            timeZone={timeZone}
            submitLabel={log.isPending ? "Saving…" : "Save entry"}
            pending={log.isPending}
            fieldErrors={refusal?.fieldErrors}
            formError={refusal?.message}
            autoFocus
            onSubmit={async (values) => {
              try {
                await log.mutateAsync(values);
                return true;
              } catch {
                return false;
              }
            }}
            onCancel={() => setComposing(false)}
          />
        </section>
      )}
    </article>
  );
}

/** The suggested entries of a day; nothing when there are none. */
export function DaySuggestions({ suggestions, ...props }: { suggestions?: Suggestion[] } & Omit<SuggestionCardProps, "suggestion">) {
  if (!suggestions?.length) return null;
  return (
    <ul aria-label="Suggested entries" className="space-y-3">
      {suggestions.map((suggestion) => (
        <li key={suggestion.id}>
          <SuggestionCard suggestion={suggestion} {...props} />
        </li>
      ))}
    </ul>
  );
}

/** When a suggested meeting was and how long it took: what logging it records. */
function MeetingTime({ meeting, timeZone }: { meeting: NonNullable<Suggestion["calendar_event"]>; timeZone: string }) {
  const clock = useClock(timeZone);
  return (
    <p className="text-sm text-zinc-600 dark:text-zinc-400">
      {formatTimeRange(meeting.starts_at, meeting.ends_at, clock)} · {formatDuration(meeting.duration_seconds)}
    </p>
  );
}

/** The suggestion's commits (and pull request), shown on demand. */
function SuggestionDetails({ suggestion, timeZone }: { suggestion: Suggestion; timeZone: string }) {
  const clock = useClock(timeZone);
  const { commits, commit_count: total, pull_request: pullRequest } = suggestion;
  if (commits.length === 0 && !pullRequest?.web_url) return null;
  const shown =
    total > commits.length ? `the oldest ${commits.length} of the ${total} commits` : commits.length === 1 ? "the commit" : `the ${commits.length} commits`;
  return (
    <details className="mt-2 text-sm">
      <summary className="w-fit cursor-pointer rounded-sm text-zinc-700 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-zinc-100">
        {commits.length > 0 ? `Show ${shown}` : "Show the pull request"}
      </summary>
      <ul className="mt-2 space-y-1">
        {pullRequest?.web_url && (
          <li>
            <ExternalLink href={pullRequest.web_url} className="text-brand-700 dark:text-brand-300">
              Pull request #{pullRequest.number}
            </ExternalLink>
          </li>
        )}
        {commits.map((commit) => (
          <li key={commit.id} className="flex min-w-0 flex-wrap items-baseline gap-x-2">
            {commit.web_url ? (
              <ExternalLink href={commit.web_url} className="font-mono text-brand-700 dark:text-brand-300">
                {commit.short_sha}
              </ExternalLink>
            ) : (
              <span className="font-mono text-brand-700 dark:text-brand-300">{commit.short_sha}</span>
            )}
            <span className="min-w-0 break-words">{commit.subject}</span>
            <span className="text-zinc-600 dark:text-zinc-400">{formatDateTime(commit.committed_at, clock)}</span>
          </li>
        ))}
      </ul>
    </details>
  );
}
