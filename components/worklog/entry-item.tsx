"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { toast } from "@/components/ui/toast";
import { useClock } from "@/components/formatting/clock-context";
import { formatDateTime } from "@/lib/formatting/time-words";
import { hasMoreThanFirstBlock } from "@/lib/formatting/markdown-blocks";
import { MenuButton } from "@/components/menu-button";
import { Button } from "@/components/ui/button";
import { FormError, FormNotice } from "@/components/ui/form-feedback";
import type { CommitSummary } from "@/lib/repositories/commits";
import { attachableCommits, attachCommitsAction, detachCommitAction } from "@/lib/worklog/actions";
import type { EntryView } from "@/lib/worklog/views";
import { EntryCard } from "./entry-card";
import { EntryText } from "./entry-text";
import { useCutLine } from "./cut-line";
import type { ProjectOption } from "@/components/projects/project-select";
import { entryFormValues, type EntryFormValues } from "@/lib/worklog/entry-form-values";
import { EntryForm } from "./entry-form";
import { focusRow } from "./entry-rows";
import { accepted, refusalMessage } from "./refusal";
import { useWorklogFilters } from "./worklog-filters";

type EntryItemProps = {
  entry: EntryView;
  /** Whether a link opened it (`/?entry=<id>`): it is highlighted. */
  linked?: boolean;
  /** Whether its form is open, which a click on its text and the worklog's Enter and e keys also decide. */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
  /** Whether it is among the entries selected to act on together. */
  selected: boolean;
  /** Whether some entries are selected: every entry's box shows. */
  selecting: boolean;
  /** Selects or unselects it; `range` (a shift-click) selects every entry from the one last chosen to it. */
  onSelect: (range: boolean) => void;
  projects: ProjectOption[];
  timeZone: string;
  /** Why the server refused the last change of this entry, which was rolled back. */
  error?: string;
  onSave: (values: EntryFormValues) => void;
  onDelete: () => void;
  /** The entry as saved after commits were attached to it or detached from it. */
  onCommitsChanged: (entry: EntryView) => void;
  /** Before its actions: whether a change of it waits in the outbox. */
  status?: ReactNode;
};

const commitName = (commit: CommitSummary) => `${commit.repository.name}@${commit.sha.slice(0, 7)}`;

const menuItemClassName = "block w-full rounded px-3 py-1.5 text-left text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800";

/**
 * An entry in the list, edited in place (a click on its text, Enter or e), deleted (with Undo in
 * the toast), selected, and given commits (or relieved of them). Its actions show on hover and
 * focus where there is a pointer to hover with, and are always in its "…" menu.
 */
export function EntryItem({
  entry,
  linked,
  editing,
  onEditingChange,
  selected,
  selecting,
  onSelect,
  projects,
  timeZone,
  error,
  onSave,
  onDelete,
  onCommitsChanged,
  status,
}: EntryItemProps) {
  const { filters } = useWorklogFilters();
  const [attaching, setAttaching] = useState(false);
  const [notice, setNotice] = useState<string>();
  // The detached commit's button goes with it: the focus moves to the notice that says so.
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const detach = useMutation({
    mutationFn: (commit: CommitSummary) => accepted(detachCommitAction(entry.id, commit.id)),
    onMutate: () => setNotice(undefined),
    onSuccess: (saved, commit) => {
      onCommitsChanged(saved);
      setNotice(`Commit ${commitName(commit)} detached.`);
      noticeRef.current?.focus();
    },
  });
  const clock = useClock(timeZone);
  const label = formatDateTime(entry.recorded_at, clock);
  const [expanded, setExpanded] = useState(Boolean(linked));
  const { lineRef, cut } = useCutLine(entry.content, !expanded);
  const hasMore = cut || entry.commits.length > 0 || hasMoreThanFirstBlock(entry.content);
  const wasEditing = useRef(editing);
  // Closing the form gives focus back to the entry's row, where the keyboard left off.
  useEffect(() => {
    if (wasEditing.current && !editing) focusRow(entry.id);
    wasEditing.current = editing;
  }, [editing, entry.id]);
  if (editing) {
    return (
      <section aria-label={`Edit entry of ${label}`} className="rounded-md border border-brand-300 p-2 sm:p-3 dark:border-brand-700">
        <EntryForm
          initialValues={entryFormValues(entry, timeZone)}
          projects={projects}
          timeZone={timeZone}
          submitLabel="Save entry"
          autoFocus
          onSubmit={(values) => {
            onSave(values);
            onEditingChange(false);
          }}
          onCancel={() => onEditingChange(false)}
        />
      </section>
    );
  }
  return (
    <div>
      <FormError message={error} />
      <FormError message={detach.error ? refusalMessage(detach.error) : undefined} />
      <FormNotice ref={noticeRef} message={notice} className="empty:sr-only" />
      <EntryCard
        entry={entry}
        clock={clock}
        highlight={filters.q}
        linked={linked}
        selected={selected}
        onTextClick={(event) => (event.shiftKey ? onSelect(true) : onEditingChange(true))}
        expanded={expanded}
        lineRef={lineRef}
        text={<EntryText content={entry.content} entryId={entry.id} highlight={filters.q} whole={expanded} />}
        expandToggle={
          hasMore || expanded ? (
            <button
              type="button"
              aria-expanded={expanded}
              aria-label={`${expanded ? "Show less of" : "Show all of"} the entry of ${label}`}
              title={expanded ? "Show less" : "Show all"}
              className="grid size-6 shrink-0 place-items-center rounded text-zinc-500 hover:bg-zinc-200/70 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              onClick={() => setExpanded(!expanded)}
            >
              <svg aria-hidden="true" viewBox="0 0 16 16" className={`size-3.5 fill-current ${expanded ? "" : "-rotate-90"}`}>
                <path d="M4.2 6.2a.75.75 0 0 1 1.06 0L8 8.94l2.74-2.74a.75.75 0 1 1 1.06 1.06l-3.27 3.27a.75.75 0 0 1-1.06 0L4.2 7.26a.75.75 0 0 1 0-1.06Z" />
              </svg>
            </button>
          ) : null
        }
        leading={
          <input
            type="checkbox"
            aria-label={`Select entry of ${label}`}
            checked={selected}
            onChange={() => undefined}
            onClick={(event) => onSelect(event.shiftKey)}
            className={`mt-1.5 size-3.5 shrink-0 cursor-pointer accent-brand-600 dark:accent-brand-400 ${selecting ? "" : "opacity-0 group-hover/entry:opacity-100 focus:opacity-100 pointer-coarse:hidden"}`}
          />
        }
        commitActions={(commit) => (
          <Button
            variant="ghost"
            size="xs"
            className="shrink-0"
            aria-label={`Detach ${commitName(commit)} from the entry of ${label}`}
            disabled={detach.isPending}
            onClick={() => detach.mutate(commit)}
          >
            {detach.isPending && detach.variables.id === commit.id ? "Detaching…" : "Detach"}
          </Button>
        )}
        actions={
          <>
            {status}
            {/* Inside the row, left of its project and tags, while the pointer or the focus is on the row or on one of these buttons (not on a tag: the bar would cover it). */}
            <div className="pointer-events-none absolute top-1/2 right-full z-10 mr-1 flex -translate-y-1/2 gap-0.5 rounded-md bg-white opacity-0 shadow-sm ring-1 ring-zinc-200 group-hover/entry:pointer-events-auto group-hover/entry:opacity-100 group-focus/entry:pointer-events-auto group-focus/entry:opacity-100 focus-within:pointer-events-auto focus-within:opacity-100 pointer-coarse:hidden dark:bg-zinc-900 dark:ring-zinc-700">
              <Button variant="ghost" size="xs" aria-label={`Edit entry of ${label}`} onClick={() => onEditingChange(true)}>
                Edit
              </Button>
              <Button
                variant="ghost"
                size="xs"
                aria-label={`Attach commits to entry of ${label}`}
                aria-expanded={attaching}
                onClick={() => setAttaching(!attaching)}
              >
                Commits
              </Button>
              <Button variant="ghost" size="xs" aria-label={`Delete entry of ${label}`} onClick={onDelete}>
                Delete
              </Button>
            </div>
            <MenuButton
              label={<span aria-hidden="true">…</span>}
              accessibleName={`Actions of entry of ${label}`}
              className=""
              buttonClassName="flex min-h-6 min-w-6 items-center justify-center rounded px-1.5 text-sm text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
              panelClassName="mt-1 w-44 p-1"
              closeOnAction
            >
              <button type="button" className={menuItemClassName} onClick={() => onEditingChange(true)}>
                Edit
              </button>
              <button type="button" className={menuItemClassName} onClick={() => setAttaching(!attaching)}>
                Attach commits
              </button>
              <button type="button" className={menuItemClassName} onClick={() => onSelect(false)}>
                {selected ? "Unselect" : "Select"}
              </button>
              <button type="button" className={`${menuItemClassName} text-red-700 dark:text-red-400`} onClick={onDelete}>
                Delete
              </button>
            </MenuButton>
          </>
        }
      />
      {attaching && (
        <CommitPicker
          entry={entry}
          timeZone={timeZone}
          onDone={(saved) => {
            onCommitsChanged(saved);
            setAttaching(false);
            toast.success("Commits attached");
          }}
          onCancel={() => setAttaching(false)}
        />
      )}
    </div>
  );
}

/** The recent commits of the entry's project (any repository's without one), to tick and attach. */
function CommitPicker({ entry, timeZone, onDone, onCancel }: { entry: EntryView; timeZone: string; onDone: (entry: EntryView) => void; onCancel: () => void }) {
  const headingId = useId();
  const commits = useQuery({ queryKey: ["attachable-commits", entry.project_id], queryFn: () => accepted(attachableCommits(entry.project_id)) });
  const attach = useMutation({ mutationFn: (commitIds: string[]) => accepted(attachCommitsAction(entry.id, commitIds)), onSuccess: onDone });
  const attached = new Set(entry.commits.map((commit) => commit.id));
  const choices = commits.data?.filter((commit) => !attached.has(commit.id)) ?? [];
  const clock = useClock(timeZone);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = new FormData(event.currentTarget).getAll("commit_id").map(String);
    if (chosen.length > 0) attach.mutate(chosen);
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h3 id={headingId} className="font-semibold">
        Attach commits{entry.project ? ` from ${entry.project.name}` : ""}
      </h3>
      {commits.isPending ? (
        <p role="status" className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          Loading commits…
        </p>
      ) : commits.isError ? (
        <FormError message="The commits could not be loaded." />
      ) : choices.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No commits to attach{entry.project ? " in this project’s repositories" : ""}.</p>
      ) : (
        <form onSubmit={submit} className="mt-3 space-y-3">
          <fieldset>
            <legend className="sr-only">Commits</legend>
            <ul className="max-h-64 space-y-1 overflow-y-auto">
              {choices.map((commit) => (
                <li key={commit.id}>
                  <label className="flex min-w-0 cursor-pointer items-start gap-2 rounded-md px-1 py-1 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-900">
                    <input type="checkbox" name="commit_id" value={commit.id} className="mt-1 accent-brand-600 dark:accent-brand-400" />
                    <span className="min-w-0">
                      <span className="font-mono text-brand-700 dark:text-brand-300">{commitName(commit)}</span>{" "}
                      <span className="break-words">{commit.message.split("\n")[0]}</span>{" "}
                      <span className="text-zinc-500 dark:text-zinc-400">{formatDateTime(commit.committedAt, clock)}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          <FormError message={attach.error ? refusalMessage(attach.error) : undefined} />
          <div className="flex gap-3">
            <Button type="submit" disabled={attach.isPending}>
              {attach.isPending ? "Attaching…" : "Attach selected"}
            </Button>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
