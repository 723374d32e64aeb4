"use client";

import { QueryClient, QueryClientProvider, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormError } from "@/components/ui/form-feedback";
import { createEntryAction, deleteEntryAction, loadEntries, updateEntryAction, type EntryFilters } from "@/lib/worklog/actions";
import { byMostRecentWork, groupByDay } from "@/lib/worklog/days";
import type { EntryPage, EntryView } from "@/lib/worklog/views";
import type { ProjectOption } from "@/components/projects/project-select";
import { DayGroup } from "./day-group";
import { EntryForm, emptyEntryForm, entryInput, type EntryFormValues } from "./entry-form";
import { EntryItem } from "./entry-item";
import { accepted, RefusedError, refusalMessage } from "./refusal";

type WorklogProps = {
  filters: EntryFilters;
  /** The filter form, shown between the composer and the entries. */
  filterForm: ReactNode;
  firstPage: EntryPage;
  projects: ProjectOption[];
  timeZone: string;
  /** Today in `timeZone`, YYYY-MM-DD. */
  today: string;
  filtered: boolean;
};

type Pages = InfiniteData<EntryPage, string | undefined>;

function mapEntries(pages: Pages | undefined, change: (entries: EntryView[]) => EntryView[]): Pages | undefined {
  return pages && { ...pages, pages: pages.pages.map((page) => ({ ...page, entries: change(page.entries) })) };
}

export function Worklog(props: WorklogProps) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <WorklogEntries {...props} />
    </QueryClientProvider>
  );
}

/** The loaded entries in the order of the work, each once, whatever the edits since their pages were loaded. */
function loadedEntries(pages: EntryPage[]): EntryView[] {
  const byId = new Map(pages.flatMap((page) => page.entries).map((entry) => [entry.id, entry]));
  return [...byId.values()].sort(byMostRecentWork);
}

function WorklogEntries({ filters, filterForm, firstPage, projects, timeZone, today, filtered }: WorklogProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<{ entryId: string; message: string }>();
  const queryKey = ["entries", filters];
  const entries = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => accepted(loadEntries(filters, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.meta.has_more ? (last.meta.end_cursor ?? undefined) : undefined),
    initialData: { pages: [firstPage], pageParams: [undefined] },
  });

  const create = useMutation({
    mutationFn: (values: EntryFormValues) => accepted(createEntryAction(entryInput(values, timeZone))),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ["entries"] });
      router.refresh();
    },
  });

  const update = useMutation({
    mutationFn: ({ entry, values }: { entry: EntryView; values: EntryFormValues }) => accepted(updateEntryAction(entry.id, entryInput(values, timeZone))),
    onMutate: async ({ entry, values }) => {
      setProblem(undefined);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Pages>(queryKey);
      const input = entryInput(values, timeZone);
      const project = projects.find((candidate) => candidate.id === input.project_id) ?? null;
      const optimistic: EntryView = {
        ...entry,
        content: input.content,
        recorded_at: input.recorded_at ?? entry.recorded_at,
        duration_seconds: input.duration_seconds,
        tags: [...new Set(input.tags.map((tag) => tag.toLowerCase()))],
        project_id: project?.id ?? null,
        project,
      };
      queryClient.setQueryData<Pages>(queryKey, (pages) => mapEntries(pages, (list) => list.map((item) => (item.id === entry.id ? optimistic : item))));
      return { previous };
    },
    onError: (error, { entry }, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      setProblem({ entryId: entry.id, message: refusalMessage(error) });
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData<Pages>(queryKey, (pages) => mapEntries(pages, (list) => list.map((item) => (item.id === saved.id ? saved : item))));
      router.refresh();
      // The day totals changed with the entry's duration or day.
      await queryClient.invalidateQueries({ queryKey: ["entries"] });
    },
  });

  const remove = useMutation({
    mutationFn: (entry: EntryView) => accepted(deleteEntryAction(entry.id)),
    onMutate: async (entry) => {
      setProblem(undefined);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Pages>(queryKey);
      queryClient.setQueryData<Pages>(queryKey, (pages) => mapEntries(pages, (list) => list.filter((item) => item.id !== entry.id)));
      return { previous };
    },
    onError: (error, entry, context) => {
      queryClient.setQueryData(queryKey, context?.previous);
      setProblem({ entryId: entry.id, message: refusalMessage(error) });
    },
    onSuccess: async () => {
      router.refresh();
      await queryClient.invalidateQueries({ queryKey: ["entries"] });
    },
  });

  const replaceEntry = (saved: EntryView) =>
    queryClient.setQueryData<Pages>(queryKey, (pages) => mapEntries(pages, (list) => list.map((item) => (item.id === saved.id ? saved : item))));

  const refusal = create.error instanceof RefusedError ? create.error.refusal : create.error ? { message: refusalMessage(create.error), fieldErrors: {} } : undefined;
  const shown = loadedEntries(entries.data.pages);
  const days = groupByDay(shown, timeZone);
  const dayTotals = new Map(entries.data.pages.flatMap((page) => page.dayTotals.map(({ day, seconds }) => [day, seconds])));
  const total = entries.data.pages[0]?.meta.total_count ?? 0;

  return (
    <div className="space-y-8">
      <section aria-labelledby="composer-heading" className="rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
        <h2 id="composer-heading" className="mb-3 text-lg font-semibold tracking-tight">
          New entry
        </h2>
        <EntryForm
          initialValues={emptyEntryForm}
          projects={projects}
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

      {filterForm}
      <section aria-labelledby="entries-heading">
        <h2 id="entries-heading" className="text-lg font-semibold tracking-tight">
          Entries <span className="font-normal text-zinc-600 dark:text-zinc-400">({total})</span>
        </h2>
        <p className="mt-1 mb-4 text-sm text-zinc-600 dark:text-zinc-400">
          By the day of the work, most recent first{filtered ? "; a day’s total counts the entries these filters select" : ""}.
        </p>
        {entries.isRefetching && (
          <p role="status" className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">
            Updating…
          </p>
        )}
        {shown.length === 0 ? (
          <EmptyState title={filtered ? "No entries match these filters" : "No entries yet"}>
            {filtered ? "Try other filters, or clear them." : "Write down what you worked on above; it appears here under the day you did it, most recent work first."}
          </EmptyState>
        ) : (
          <ol className="space-y-8">
            {days.map(({ day, entries: dayEntries }) => (
              <li key={day}>
                <DayGroup day={day} today={today} seconds={dayTotals.get(day) ?? 0}>
                  <ol className="space-y-4">
                    {dayEntries.map((entry) => (
                      <li key={entry.id}>
                        <EntryItem
                          entry={entry}
                          projects={projects}
                          timeZone={timeZone}
                          error={problem?.entryId === entry.id ? problem.message : undefined}
                          onSave={(values) => update.mutate({ entry, values })}
                          onDelete={() => remove.mutate(entry)}
                          onCommitsChanged={replaceEntry}
                        />
                      </li>
                    ))}
                  </ol>
                </DayGroup>
              </li>
            ))}
          </ol>
        )}
        {entries.isFetchNextPageError && <FormError message="The next entries could not be loaded. Try again." />}
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
