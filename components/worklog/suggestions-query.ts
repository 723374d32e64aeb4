// The worklog's suggested entries (docs/api.md, "Suggested entries"): read for the period its
// filters show, kept in the worklog's query cache, and taken out of it at once when one is logged
// or dismissed.
import { useQuery, type QueryClient } from "@tanstack/react-query";
import { suggestionFilters, type EntryFilters } from "@/lib/worklog/filters";
import { loadSuggestions } from "@/lib/worklog/suggestion-actions";
import type { Suggestion } from "@/lib/worklog/suggestion-schemas";
import { accepted } from "./refusal";

type Period = { from?: string; to?: string };

const samePeriod = (a: Period | undefined, b: Period | undefined) => a?.from === b?.from && a?.to === b?.to;

/**
 * The suggestions of the days the worklog shows, by day: none while it is filtered by more than
 * its dates (lib/worklog/filters.ts, suggestionFilters), or when the period is refused (longer
 * than the suggestions' limit); `initial` were read with `initialFilters` when the page was served.
 */
export function useSuggestions(
  filters: EntryFilters,
  enabled: boolean,
  initial: { filters: EntryFilters; suggestions: Suggestion[] },
): Map<string, Suggestion[]> {
  const period = suggestionFilters(filters);
  const suggestions = useQuery({
    queryKey: ["suggestions", period ?? {}],
    queryFn: () => accepted(loadSuggestions(period ?? {})),
    initialData: samePeriod(period, suggestionFilters(initial.filters)) ? initial.suggestions : undefined,
    enabled: enabled && period !== undefined,
    retry: false,
  });
  const byDay = new Map<string, Suggestion[]>();
  if (period === undefined || !suggestions.data) return byDay;
  for (const suggestion of suggestions.data) byDay.set(suggestion.day, [...(byDay.get(suggestion.day) ?? []), suggestion]);
  return byDay;
}

/** The cached suggestions without one (logged or dismissed), before they are read again. */
export function withoutSuggestion(queryClient: QueryClient, id: string): void {
  queryClient.setQueriesData<Suggestion[]>({ queryKey: ["suggestions"] }, (list) => list?.filter((suggestion) => suggestion.id !== id));
}

export const refreshSuggestions = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ["suggestions"] });
