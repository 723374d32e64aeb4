"use client";

import { keepPreviousData, QueryClientProvider, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useCallback, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError } from "@/components/ui/form-feedback";
import { focusTargets } from "@/components/focus-targets";
import { ProjectColoursProvider } from "@/components/project-colour-context";
import { newQueryClient } from "@/components/providers";
import type { ProjectOption } from "@/components/projects/project-select";
import { TimerStrip } from "@/components/timer/timer-strip";
import { useTimerChange, type TimerDraft } from "@/components/timer/timer-provider";
import { loadEntries, type WeekTotals } from "@/lib/worklog/actions";
import { groupByDay, withOtherDays } from "@/lib/worklog/days";
import { rangeProblem, sameFilters, type EntryFilters as Filters } from "@/lib/worklog/filters";
import type { WeekStart } from "@/lib/time";
import type { Suggestion } from "@/lib/worklog/suggestion-schemas";
import { emptyEntryForm, timerInput } from "@/lib/worklog/entry-form-values";
import type { EntryPage } from "@/lib/worklog/views";
import { DayGroup } from "./day-group";
import { EntryFilters, searchFieldId } from "./entry-filters";
import { EntryForm, type EntryFormHandle } from "./entry-form";
import { EntryItem } from "./entry-item";
import { loadedEntries, refreshAfterChange } from "./entry-pages";
import { accepted } from "./refusal";
import { useSelection } from "./selection";
import { DaySuggestions } from "./suggestion-card";
import { useSuggestions } from "./suggestions-query";
import { formRefusal, useEntryMutations } from "./use-entry-mutations";
import { WeeklyChart } from "./weekly-chart";
import { useWorklogFilters, WorklogFiltersProvider } from "./worklog-filters";
import { useWorklogKeys } from "./worklog-keys";
import { useLinkedEntry } from "./entry-focus";
import { useWorklogView, ViewSwitch } from "./worklog-view";

/** The week view's code is loaded when it is first shown. */
const WeekView = dynamic(() => import("./week-view"), {
  ssr: false,
  loading: () => (
    <div role="status" className="h-[40rem] animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900">
      <span className="sr-only">Loading the week…</span>
    </div>
  ),
});

const composerId = focusTargets.newEntry;

// Loaded when first used: the list's first screen needs neither.
const BulkBar = dynamic(() => import("./bulk-bar").then((module) => module.BulkBar), { ssr: false });
const ShortcutsDialog = dynamic(() => import("./shortcuts-dialog").then((module) => module.ShortcutsDialog), { ssr: false });

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
  const projectIds = useMemo(() => props.projects.map((project) => project.id), [props.projects]);
  return (
    <QueryClientProvider client={queryClient}>
      <ProjectColoursProvider projectIds={projectIds}>
        <WorklogFiltersProvider>
          <WorklogEntries {...props} />
        </WorklogFiltersProvider>
      </ProjectColoursProvider>
    </QueryClientProvider>
  );
}

function WorklogEntries({ initialFilters, firstPage, initialSuggestions, week, projects, timeZone, weekStart, tags, today, linkedEntryId }: WorklogProps) {
  const queryClient = useQueryClient();
  const { filters, change: changeFilters } = useWorklogFilters();
  const [editing, setEditing] = useState<string>();
  const [showingShortcuts, setShowingShortcuts] = useState(false);
  const rangeError = rangeProblem(filters);
  const entries = useInfiniteQuery({
    queryKey: ["entries", filters],
    queryFn: ({ pageParam }) => accepted(loadEntries(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.meta.has_more ? (last.meta.end_cursor ?? undefined) : undefined),
    initialData: sameFilters(filters, initialFilters) ? { pages: [firstPage], pageParams: [undefined] } : undefined,
    placeholderData: keepPreviousData,
    enabled: !rangeError,
  });
  const suggestions = useSuggestions(filters, !rangeError, { filters: initialFilters, suggestions: initialSuggestions });
  const { create, update, remove, replaceEntry, problem } = useEntryMutations({ projects, timeZone });
  const composer = useRef<EntryFormHandle>(null);
  const timerDraft = useMemo<TimerDraft>(
    () => ({ input: () => timerInput(composer.current?.values() ?? emptyEntryForm), onStarted: () => composer.current?.clear() }),
    [],
  );
  // A timer started or stopped, here or elsewhere, adds or changes an entry.
  useTimerChange(() => void refreshAfterChange(queryClient));

  const refusal = formRefusal(create.error);
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
  const { isSelected, selected, select, clear: clearSelection } = useSelection(days.flatMap((day) => day.entries.map((entry) => entry.id)));
  const showShortcuts = useCallback(() => setShowingShortcuts(true), []);
  useWorklogKeys({ composerId, searchId: searchFieldId, onEdit: setEditing, onSelect: select, onEscape: clearSelection, onShowShortcuts: showShortcuts });

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

      {/* The week view takes the whole width under the composer and the filters; its days hold what the week chart would. */}
      <aside
        aria-label="Filters and the week"
        className={`space-y-4 lg:col-start-2 lg:row-start-1 ${view === "week" ? "" : "lg:sticky lg:top-4 lg:row-span-3"}`}
      >
        <EntryFilters projects={projects} timeZone={timeZone} weekStart={weekStart} />
        {view === "list" && <WeeklyChart initialWeek={week} projects={projects} />}
      </aside>

      <div className={`space-y-4 lg:col-start-1 ${view === "week" ? "lg:col-span-2" : ""}`}>
        <ViewSwitch view={view} onChange={(name) => show({ view: name })} />
        {view === "week" && <WeekView projects={projects} tags={tags} timeZone={timeZone} today={today} weekStart={weekStart} />}
      </div>

      <section
        aria-labelledby="entries-heading"
        aria-busy={entries.isFetching || undefined}
        hidden={view === "week"}
        className={`lg:col-start-1 ${selected.length > 0 ? "pb-24" : ""}`}
      >
        <h2 id="entries-heading" className="text-lg font-semibold tracking-tight">
          Entries {total !== undefined && <span className="font-normal text-zinc-600 dark:text-zinc-400">({total})</span>}
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          By the day of the work, most recent first{filtered ? "; a day’s total counts the entries these filters select" : ""}.
          <span className="max-sm:hidden">
            {" "}
            Click an entry’s text to edit it;{" "}
            <button
              type="button"
              className="underline decoration-dotted underline-offset-2 hover:text-zinc-900 dark:hover:text-zinc-100"
              aria-keyshortcuts="?"
              onClick={showShortcuts}
            >
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
            {filtered
              ? "Try other filters, or clear them."
              : "Write down what you worked on above; it appears here under the day you did it, most recent work first."}
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
                            selected={isSelected(entry.id)}
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
            <Button
              variant="secondary"
              onClick={() => entries.fetchNextPage()}
              disabled={entries.isFetchingNextPage}
              aria-busy={entries.isFetchingNextPage || undefined}
            >
              {entries.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
