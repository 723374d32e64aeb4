"use client";

import { keepPreviousData, QueryClientProvider, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError } from "@/components/ui/form-feedback";
import { focusTargets } from "@/components/focus-targets";
import { newQueryClient } from "@/components/providers";
import type { ProjectOption } from "@/components/projects/project-select";
import { TimerStrip } from "@/components/timer/timer-strip";
import { useTimer, useTimerChange, type TimerDraft } from "@/components/timer/timer-provider";
import { createEntryAction, deleteEntryAction, loadEntries, restoreEntryAction, updateEntryAction, type WeekTotals } from "@/lib/worklog/actions";
import { groupByDay, withOtherDays } from "@/lib/worklog/days";
import { rangeProblem, sameFilters, type EntryFilters as Filters } from "@/lib/worklog/filters";
import type { WeekStart } from "@/lib/time";
import type { Suggestion } from "@/lib/worklog/suggestion-schemas";
import type { EntryPage, EntryView } from "@/lib/worklog/views";
import { DayGroup } from "./day-group";
import { EntryFilters, searchFieldId } from "./entry-filters";
import { EntryForm, emptyEntryForm, entryChanges, entryInput, timerInput, type EntryFormHandle, type EntryFormValues } from "./entry-form";
import { EntryItem } from "./entry-item";
import { changePages, loadedEntries, refreshAfterChange, withoutEntry, type Pages } from "./entry-pages";
import { accepted, RefusedError, refusalMessage } from "./refusal";
import { DaySuggestions } from "./suggestion-card";
import { refreshSuggestions, useSuggestions } from "./suggestions-query";
import { WeeklyChart } from "./weekly-chart";
import { useWorklogFilters, WorklogFiltersProvider } from "./worklog-filters";
import { useWorklogKeys } from "./worklog-keys";
import { focusAfterRemoving, useLinkedEntry } from "./entry-focus";
import { useWorklogView, ViewSwitch } from "./worklog-view";

/** The week view's code is loaded when it is first shown. */
const WeekView = dynamic(() => import("./week-view"), { ssr: false, loading: () => <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the week…</p> });

const composerId = focusTargets.newEntry;

// Loaded when first used: the list's first screen needs neither.
const BulkBar = dynamic(() => import("./bulk-bar").then((module) => module.BulkBar), { ssr: false });
const ShortcutsDialog = dynamic(() => import("./shortcuts-dialog").then((module) => module.ShortcutsDialog), { ssr: false });

/** The entries selected to act on together, and the one last chosen, where a shift-click's range starts. */
type Selection = { ids: ReadonlySet<string>; anchor?: string };

/** The selection after choosing `entryId`: toggled alone, or with `range` every entry of `order` from the anchor to it added. */
function choose({ ids, anchor }: Selection, entryId: string, range: boolean, order: string[]): Selection {
  const from = anchor === undefined ? -1 : order.indexOf(anchor);
  const to = order.indexOf(entryId);
  if (range && from !== -1 && to !== -1) {
    const span = order.slice(Math.min(from, to), Math.max(from, to) + 1);
    return { ids: new Set([...ids, ...span]), anchor };
  }
  const next = new Set(ids);
  if (!next.delete(entryId)) next.add(entryId);
  return { ids: next, anchor: entryId };
}

type WorklogProps = {
  /** The filters the first page was read with: the URL's when the page was served. */
  initialFilters: Filters;
  firstPage: EntryPage;
  /** The suggested entries of the first page's period (none when it is filtered by more than dates). */
  initialSuggestions: Suggestion[];
  week: WeekTotals;
  projects: ProjectOption[];
  timeZone: string;
  weekStart: WeekStart;
  /** The account's tags, the most used first. */
  tags: string[];
  /** Today in `timeZone`, YYYY-MM-DD. */
  today: string;
  /** The entry a link opened (`/?entry=<id>`, found in the account), shown on its day and highlighted. */
  linkedEntryId?: string;
};

/**
 * The worklog keeps its own query cache, which lives as long as the page is shown: every visit
 * starts from the entries the server just read, not from a list cached on an earlier visit.
 */
export function Worklog(props: WorklogProps) {
  const [queryClient] = useState(newQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <WorklogFiltersProvider>
        <WorklogEntries {...props} />
      </WorklogFiltersProvider>
    </QueryClientProvider>
  );
}

function WorklogEntries({ initialFilters, firstPage, initialSuggestions, week, projects, timeZone, weekStart, tags, today, linkedEntryId }: WorklogProps) {
  const queryClient = useQueryClient();
  const { filters, change: changeFilters } = useWorklogFilters();
  const [problem, setProblem] = useState<{ entryId: string; message: string }>();
  const [editing, setEditing] = useState<string>();
  const [selection, setSelection] = useState<Selection>({ ids: new Set() });
  const [showingShortcuts, setShowingShortcuts] = useState(false);
  const listOrder = useRef<string[]>([]);
  const pendingFocus = useRef<() => void>(undefined);
  const rangeError = rangeProblem(filters);
  const queryKey = ["entries", filters];
  const entries = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => accepted(loadEntries(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.meta.has_more ? (last.meta.end_cursor ?? undefined) : undefined),
    initialData: sameFilters(filters, initialFilters) ? { pages: [firstPage], pageParams: [undefined] } : undefined,
    placeholderData: keepPreviousData,
    enabled: !rangeError,
  });
  const suggestions = useSuggestions(filters, !rangeError, { filters: initialFilters, suggestions: initialSuggestions });
  const select = useCallback((entryId: string, range = false) => setSelection((current) => choose(current, entryId, range, listOrder.current)), []);
  const clearSelection = useCallback(() => setSelection({ ids: new Set() }), []);
  const showShortcuts = useCallback(() => setShowingShortcuts(true), []);
  useWorklogKeys({ composerId, searchId: searchFieldId, onEdit: setEditing, onSelect: select, onEscape: clearSelection, onShowShortcuts: showShortcuts });
  const composer = useRef<EntryFormHandle>(null);
  const timerDraft = useMemo<TimerDraft>(() => ({ input: () => timerInput(composer.current?.values() ?? emptyEntryForm), onStarted: () => composer.current?.clear() }), []);
  const timer = useTimer();
  // A timer started or stopped, here or elsewhere, adds or changes an entry.
  useTimerChange(() => void refreshAfterChange(queryClient));

  useEffect(() => {
    pendingFocus.current?.();
    pendingFocus.current = undefined;
  });

  const create = useMutation({
    mutationFn: (values: EntryFormValues) => accepted(createEntryAction(entryInput(values, timeZone))),
    onSuccess: async () => {
      toast.success("Entry added");
      await refreshAfterChange(queryClient);
    },
  });

  const update = useMutation({
    mutationFn: ({ entry, values }: { entry: EntryView; values: EntryFormValues }) => accepted(updateEntryAction(entry.id, entryChanges(entry, values, timeZone))),
    onMutate: async ({ entry, values }) => {
      setProblem(undefined);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Pages>(queryKey);
      const input = entryChanges(entry, values, timeZone);
      const project = projects.find((candidate) => candidate.id === input.project_id) ?? null;
      const optimistic: EntryView = {
        ...entry,
        content: input.content,
        recorded_at: input.recorded_at ?? entry.recorded_at,
        duration_seconds: input.duration_seconds ?? null,
        // A duration stops a running entry's timer (docs/api.md, "Timer").
        running: entry.running && input.duration_seconds === undefined,
        tags: [...new Set(input.tags.map((tag) => tag.toLowerCase()))],
        project_id: project?.id ?? null,
        project,
      };
      queryClient.setQueryData<Pages>(queryKey, (pages) => changePages(pages, (list) => list.map((item) => (item.id === entry.id ? optimistic : item))));
      return { previous };
    },
    onError: (error, { entry }, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      setProblem({ entryId: entry.id, message: refusalMessage(error) });
    },
    onSuccess: async (saved, { entry }) => {
      queryClient.setQueryData<Pages>(queryKey, (pages) => changePages(pages, (list) => list.map((item) => (item.id === saved.id ? saved : item))));
      toast.success("Entry saved");
      if (entry.running) timer?.refresh();
      await refreshAfterChange(queryClient);
    },
  });

  const restore = useMutation({
    mutationFn: (entry: EntryView) => accepted(restoreEntryAction(entry)),
    onSuccess: async (restored) => {
      toast.success("Entry restored");
      pendingFocus.current = () => document.querySelector<HTMLElement>(`article[data-entry-id="${restored.id}"]`)?.focus();
      await refreshAfterChange(queryClient);
    },
    onError: (error) => toast.error(refusalMessage(error)),
  });

  const remove = useMutation({
    mutationFn: (entry: EntryView) => accepted(deleteEntryAction(entry.id)),
    onMutate: async (entry) => {
      setProblem(undefined);
      pendingFocus.current = focusAfterRemoving(entry.id);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Pages>(queryKey);
      queryClient.setQueryData<Pages>(queryKey, (pages) => withoutEntry(pages, entry, timeZone));
      return { previous };
    },
    onError: (error, entry, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      setProblem({ entryId: entry.id, message: refusalMessage(error) });
    },
    onSuccess: async (_, entry) => {
      toast("Entry deleted", { action: { label: "Undo", onClick: () => restore.mutate(entry) } });
      if (entry.running) timer?.refresh();
      await refreshAfterChange(queryClient);
    },
  });

  const replaceEntry = (saved: EntryView) => {
    queryClient.setQueryData<Pages>(queryKey, (pages) => changePages(pages, (list) => list.map((item) => (item.id === saved.id ? saved : item))));
    return refreshSuggestions(queryClient);
  };

  const refusal = create.error instanceof RefusedError ? create.error.refusal : create.error ? { message: refusalMessage(create.error), fieldErrors: {} } : undefined;
  const pages = entries.data?.pages ?? [];
  const shown = loadedEntries(pages);
  const entryDays = groupByDay(shown, timeZone);
  // Days with suggestions only are listed too, among the days of the entries loaded so far.
  const days = withOtherDays(entryDays, suggestions.keys(), entries.hasNextPage ? entryDays.at(-1)?.day : undefined);
  const dayTotals = new Map(pages.flatMap((page) => page.dayTotals.map(({ day, seconds }) => [day, seconds])));
  const total = pages[0]?.meta.total_count;
  const filtered = Object.keys(filters).length > 0;
  const linked = useLinkedEntry(linkedEntryId, shown, entries);
  const { view, show } = useWorklogView(today);
  const order = days.flatMap((day) => day.entries.map((entry) => entry.id));
  useEffect(() => {
    listOrder.current = order;
  });
  const selected = order.filter((id) => selection.ids.has(id));

  return (
    // One column under lg, as wide as the window whatever an entry holds (a long code line scrolls in its block).
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:items-start">
      <section aria-label="New entry" className="rounded-lg border border-zinc-200 p-3 sm:p-4 lg:col-start-1 dark:border-zinc-800">
        <EntryForm
          compact
          handle={composer}
          textareaId={composerId}
          initialValues={emptyEntryForm}
          projects={projects}
          tagSuggestions={tags}
          timeZone={timeZone}
          submitLabel={create.isPending ? "Saving…" : "Add entry"}
          pending={create.isPending}
          fieldErrors={refusal?.fieldErrors}
          formError={refusal?.message}
          onSubmit={async (values) => {
            try {
              await create.mutateAsync(values);
              return true;
            } catch {
              return false;
            }
          }}
        />
        <TimerStrip draft={timerDraft} />
      </section>

      <aside aria-label="Filters and the week" className="space-y-4 lg:sticky lg:top-4 lg:col-start-2 lg:row-span-3 lg:row-start-1">
        <EntryFilters projects={projects} timeZone={timeZone} weekStart={weekStart} />
        <WeeklyChart initialWeek={week} projects={projects} />
      </aside>

      <div className="space-y-4 lg:col-start-1">
        <ViewSwitch view={view} onChange={(name) => show({ view: name })} />
        {view === "week" && <WeekView projects={projects} tags={tags} timeZone={timeZone} today={today} />}
      </div>

      <section aria-labelledby="entries-heading" aria-busy={entries.isFetching || undefined} hidden={view === "week"} className={`lg:col-start-1 ${selected.length > 0 ? "pb-24" : ""}`}>
        <h2 id="entries-heading" className="text-lg font-semibold tracking-tight">
          Entries {total !== undefined && <span className="font-normal text-zinc-600 dark:text-zinc-400">({total})</span>}
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          By the day of the work, most recent first{filtered ? "; a day’s total counts the entries these filters select" : ""}.
          <span className="max-sm:hidden">
            {" "}
            Click an entry’s text to edit it;{" "}
            <button type="button" className="underline decoration-dotted underline-offset-2 hover:text-zinc-900 dark:hover:text-zinc-100" aria-keyshortcuts="?" onClick={showShortcuts}>
              ? shows every key
            </button>
            .
          </span>
        </p>
        {linked && (
          <p className="mb-4 rounded-md border border-brand-300 bg-brand-50 px-3 py-2 text-sm dark:border-brand-700 dark:bg-brand-950">
            This link opened an entry: here are the entries of its day, that one highlighted.{" "}
            <button type="button" className="font-medium text-brand-700 underline dark:text-brand-300" onClick={() => changeFilters({ from: "", to: "" })}>
              Show all entries
            </button>
          </p>
        )}
        <p role="status" className="mb-3 text-sm text-zinc-600 empty:hidden dark:text-zinc-400">
          {entries.isFetching && !entries.isFetchingNextPage ? "Updating…" : ""}
        </p>
        {entries.isError && !entries.isFetchNextPageError && <FormError message="The entries could not be loaded. Try again." />}
        {rangeError ? (
          <EmptyState title="No day is in this range">Set “From” on or before “To”.</EmptyState>
        ) : entries.isPending ? null : shown.length === 0 && filters.q ? (
          <EmptyState title={`Nothing matches “${filters.q}”`}>
            <p>No entry{Object.keys(filters).length > 1 ? " that these filters select" : ""} has these words in its text or tags.</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => changeFilters({ q: "" })}>
              Clear the search
            </Button>
          </EmptyState>
        ) : days.length === 0 ? (
          <EmptyState title={filtered ? "No entries match these filters" : "No entries yet"}>
            {filtered ? "Try other filters, or clear them." : "Write down what you worked on above; it appears here under the day you did it, most recent work first."}
          </EmptyState>
        ) : (
          <ol className="space-y-5">
            {days.map(({ day, entries: dayEntries }) => (
              <li key={day}>
                <DayGroup day={day} today={today} seconds={dayTotals.get(day) ?? 0}>
                  <DaySuggestions suggestions={suggestions.get(day)} projects={projects} timeZone={timeZone} />
                  {dayEntries.length > 0 && (
                    <ol>
                      {dayEntries.map((entry) => (
                        <li key={entry.id}>
                          <EntryItem
                            entry={entry}
                            projects={projects}
                            timeZone={timeZone}
                            linked={linked === entry.id}
                            editing={editing === entry.id}
                            onEditingChange={(on) => setEditing(on ? entry.id : undefined)}
                            selected={selection.ids.has(entry.id)}
                            selecting={selected.length > 0}
                            onSelect={(range) => select(entry.id, range)}
                            error={problem?.entryId === entry.id ? problem.message : undefined}
                            onSave={(values) => update.mutate({ entry, values })}
                            onDelete={() => remove.mutate(entry)}
                            onCommitsChanged={replaceEntry}
                          />
                        </li>
                      ))}
                    </ol>
                  )}
                </DayGroup>
              </li>
            ))}
          </ol>
        )}
        {entries.isFetchNextPageError && <FormError message="The next entries could not be loaded. Try again." />}
        {selected.length > 0 && <BulkBar ids={selected} projects={projects} onClear={clearSelection} />}
        {showingShortcuts && <ShortcutsDialog onClose={() => setShowingShortcuts(false)} />}
        {entries.hasNextPage && (
          <div className="mt-6 flex justify-center">
            <Button variant="secondary" onClick={() => entries.fetchNextPage()} disabled={entries.isFetchingNextPage} aria-busy={entries.isFetchingNextPage || undefined}>
              {entries.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
