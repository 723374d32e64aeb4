"use client";

import { keepPreviousData, QueryClientProvider, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { matchCount } from "@/components/formatting/format";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError } from "@/components/ui/form-feedback";
import { focusTargets } from "@/components/keyboard/focus-targets";
import { ProjectColoursProvider } from "@/components/project-colour-context";
import { newQueryClient } from "@/components/providers";
import type { ProjectOption } from "@/components/projects/project-select";
import { useTimerChange, useTimerDraft, type TimerDraft } from "@/components/timer/timer-provider";
import { loadEntries, type WeekTotals } from "@/lib/worklog/actions";
import { groupByDay } from "@/lib/worklog/days";
import { rangeProblem, sameFilters, type EntryFilters as Filters } from "@/lib/worklog/filters";
import type { WeekStart } from "@/lib/time";
import type { Suggestion } from "@/lib/worklog/suggestion-schemas";
import { emptyEntryForm, timerInput } from "@/lib/worklog/entry-form-values";
import type { EntryPage } from "@/lib/worklog/views";
import { DayGroup } from "./day-group";
import { EntryFilters, searchFieldId } from "./entry-filters";
import { EntryForm, type EntryFormHandle } from "./entry-form";
import { EntryItem } from "./entry-item";
import { RenderedTextsProvider, type RenderedTexts } from "./entry-text";
import { loadedEntries, refreshAfterChange } from "./entry-query-cache";
import { accepted } from "./refusal";
import { useSelection } from "./selection";
import { SuggestionStrip } from "./suggestion-strip";
import { useSuggestions } from "./suggestions-query";
import { formRefusal, useEntryMutations } from "./use-entry-mutations";
import { WeeklyChart } from "./weekly-chart";
import { useWorklogFilters, WorklogFiltersProvider } from "./worklog-filters";
import { useWorklogKeys } from "./worklog-keys";
import { useLinkedEntry } from "./entry-focus";
import { useWorklogView, ViewSwitch } from "./worklog-view";
import { TeamProvider, timeByAuthor, type Team } from "./team-context";
import { useShortcuts } from "@/components/keyboard/use-shortcuts";
import { useOutboxSent } from "@/components/offline/outbox-provider";
import { PendingBadge } from "@/components/offline/pending-badge";
import { PendingDeleteNote, usePendingEntries } from "./pending-rows";
import type { LaunchAction } from "@/lib/worklog/launch-action";
import { useLaunchAction } from "./use-launch-action";

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
/** The button that lists the keys, where the focus goes when their list closes and nothing had it before. */
const keysButtonId = "worklog-keys";

// Loaded when first used: the list's first screen needs neither.
const BulkBar = dynamic(() => import("./bulk-bar").then((module) => module.BulkBar), { ssr: false });
const ShortcutsDialog = dynamic(() => import("./shortcuts-dialog").then((module) => module.ShortcutsDialog), { ssr: false });

type WorklogProps = {
  /** The filters the first page was read with: the URL's when the page was served. */
  initialFilters: Filters;
  firstPage: EntryPage;
  /** The first page's texts as the server rendered them. */
  renderedTexts: RenderedTexts;
  /** The suggested entries of the first page's period (none when it is filtered by more than dates). */
  initialSuggestions: Suggestion[];
  week: WeekTotals;
  projects: ProjectOption[];
  timeZone: string;
  weekStart: WeekStart;
  /** The account's tags, the most used first. */
  tags: string[];
  /** The trackers' keys the entries refer to, the most used first. */
  referenceKeys?: string[];
  /** Today in `timeZone`, YYYY-MM-DD. */
  today: string;
  /** The entry a link opened (`/?entry=<id>`, found in the account), shown on its day and highlighted. */
  linkedEntryId?: string;
  /** What the page says about its link, under its heading. */
  notices?: ReactNode;
  /** The signed-in user and the workspace's members: with more than one, entries show and filter by author. */
  team: Team;
  /** Whether the user's role writes entries (a viewer's does not): without it, no composer and no suggestions to accept. */
  canWrite: boolean;
  /** What a shortcut of the installed app opened the page to do (lib/worklog/launch-action.ts). */
  launch?: LaunchAction;
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
          <RenderedTextsProvider value={props.renderedTexts}>
            <TeamProvider team={props.team}>
              <WorklogEntries {...props} />
            </TeamProvider>
          </RenderedTextsProvider>
        </WorklogFiltersProvider>
      </ProjectColoursProvider>
    </QueryClientProvider>
  );
}

function WorklogEntries({
  initialFilters,
  firstPage,
  initialSuggestions,
  week,
  projects,
  timeZone,
  weekStart,
  tags,
  referenceKeys,
  today,
  linkedEntryId,
  notices,
  team,
  canWrite,
  launch,
}: WorklogProps) {
  const queryClient = useQueryClient();
  const { filters, change: changeFilters } = useWorklogFilters();
  const [editing, setEditing] = useState<string>();
  const [showingShortcuts, setShowingShortcuts] = useState(false);
  const [showingWeek, setShowingWeek] = useState(false);
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
  // The header's Start takes the composer's text, tags and project.
  useTimerDraft(timerDraft);
  // After the draft is lent: a shortcut's Start timer takes it, as the header's button does.
  useLaunchAction(launch);
  // A timer started or stopped, here or elsewhere, adds or changes an entry.
  useTimerChange(() => void refreshAfterChange(queryClient));
  // So does a change the outbox sent.
  useOutboxSent(() => void refreshAfterChange(queryClient));

  const refusal = formRefusal(create.error);
  const pages = entries.data?.pages ?? [];
  // With the changes that wait in the outbox (README "Offline and installing").
  const { entries: shown, marks } = usePendingEntries(loadedEntries(pages));
  const days = groupByDay(shown, timeZone);
  const dayTotals = new Map(pages.flatMap((page) => page.dayTotals.map(({ day, seconds }) => [day, seconds])));
  const total = pages[0] && matchCount(pages[0].meta);
  const filtered = Object.keys(filters).length > 0;
  const linked = useLinkedEntry(linkedEntryId, shown, entries);
  const { view, show } = useWorklogView(today);
  const { isSelected, selected, select, clear: clearSelection } = useSelection(days.flatMap((day) => day.entries.map((entry) => entry.id)));
  const showShortcuts = useCallback(() => setShowingShortcuts(true), []);
  useWorklogKeys({ composerId, searchId: searchFieldId, onEdit: setEditing, onSelect: select, onEscape: clearSelection, onShowShortcuts: showShortcuts });
  useShortcuts(
    [{ keys: ["m"], does: "Show only my entries, or everyone's again", run: () => changeFilters({ author_id: filters.author_id === "me" ? "" : "me" }) }],
    team !== undefined && team.members.length > 1,
  );

  return (
    // As wide as the window whatever an entry holds (a long code line scrolls in its block).
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-semibold tracking-tight">Worklog</h1>
        <ViewSwitch view={view} onChange={(name) => show({ view: name })} />
      </div>
      {notices}
      {canWrite && (
        <>
          <section aria-label="New entry" className="rounded-lg border border-zinc-200 p-2 sm:p-3 dark:border-zinc-800">
            <EntryForm
              compact
              handle={composer}
              textareaId={composerId}
              initialValues={emptyEntryForm}
              projects={projects}
              tagSuggestions={tags}
              referenceKeySuggestions={referenceKeys}
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
          </section>

          <SuggestionStrip byDay={suggestions} projects={projects} timeZone={timeZone} today={today} />
        </>
      )}

      <EntryFilters projects={projects} timeZone={timeZone} weekStart={weekStart}>
        <Button
          variant="secondary"
          size="sm"
          className="aria-expanded:bg-zinc-100 dark:aria-expanded:bg-zinc-800"
          aria-expanded={showingWeek}
          aria-controls="weekly-chart"
          onClick={() => setShowingWeek(!showingWeek)}
        >
          Week chart
        </Button>
        <Button id={keysButtonId} variant="ghost" size="sm" className="max-sm:hidden" aria-keyshortcuts="?" onClick={showShortcuts}>
          Keys
        </Button>
      </EntryFilters>
      <div id="weekly-chart" hidden={!showingWeek}>
        <WeeklyChart initialWeek={week} projects={projects} />
      </div>

      {view === "week" && <WeekView projects={projects} tags={tags} timeZone={timeZone} today={today} weekStart={weekStart} />}

      <section
        aria-labelledby="entries-heading"
        aria-busy={entries.isFetching || undefined}
        hidden={view === "week"}
        className={selected.length > 0 ? "pb-24" : ""}
      >
        <div className="mb-2 flex items-baseline justify-between gap-3 px-2">
          <h2 id="entries-heading" className="text-sm font-semibold">
            Entries {total !== undefined && <span className="font-normal text-zinc-600 dark:text-zinc-400">({total})</span>}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            <span role="status">{entries.isFetching && !entries.isFetchingNextPage ? "Updating… " : ""}</span>
            {filtered && <span className="max-sm:hidden">A day’s total counts the entries these filters select.</span>}
          </p>
        </div>
        {linked && (
          <p className="mb-4 rounded-md border border-brand-300 bg-brand-50 px-3 py-2 text-sm dark:border-brand-700 dark:bg-brand-950">
            This link opened an entry: here are the entries of its day, that one highlighted.{" "}
            <button type="button" className="font-medium text-brand-700 underline dark:text-brand-300" onClick={() => changeFilters({ from: "", to: "" })}>
              Show all entries
            </button>
          </p>
        )}
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
          <ol className="space-y-4">
            {days.map(({ day, entries: dayEntries }) => (
              <li key={day}>
                <DayGroup
                  day={day}
                  today={today}
                  seconds={dayTotals.get(day) ?? 0}
                  byAuthor={team && team.members.length > 1 ? timeByAuthor(dayEntries) : undefined}
                >
                  {dayEntries.length > 0 && (
                    <ol>
                      {dayEntries.map((entry) => (
                        <li key={entry.id} className={marks.get(entry.id)?.kind === "delete" ? "[&_article]:line-through [&_article]:opacity-60" : undefined}>
                          <EntryItem
                            status={marks.has(entry.id) && marks.get(entry.id)?.kind !== "delete" && <PendingBadge mark={marks.get(entry.id)!} />}
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
                          {marks.get(entry.id)?.kind === "delete" && <PendingDeleteNote mark={marks.get(entry.id)!} />}
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
        {showingShortcuts && <ShortcutsDialog onClose={() => setShowingShortcuts(false)} fallbackFocusId={keysButtonId} />}
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
