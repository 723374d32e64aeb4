// The worklog's cached pages of entries (react-query's infinite data), changed in place while an
// edit is on its way, and read back in the order of the work.
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { calendarDay } from "@/lib/time";
import { byMostRecentWork } from "@/lib/worklog/days";
import type { EntryPage, EntryView } from "@/lib/worklog/views";

export type CachedEntryPages = InfiniteData<EntryPage, string | undefined>;

/** The cached pages with `change` applied to each page's entries and the first page's total moved by `countChange`. */
export function changeCachedEntryPages(
  pages: CachedEntryPages | undefined,
  change: (entries: EntryView[]) => EntryView[],
  countChange = 0,
): CachedEntryPages | undefined {
  return (
    pages && {
      ...pages,
      pages: pages.pages.map((page, index) => ({
        ...page,
        entries: change(page.entries),
        // A count that stopped at its bound stays "1 000+".
        meta: index === 0 && page.meta.total_count_exact ? { ...page.meta, total_count: page.meta.total_count + countChange } : page.meta,
      })),
    }
  );
}

/** The cached pages without the entry, its time taken off its day's total. */
export function withoutEntry(pages: CachedEntryPages | undefined, entry: EntryView, timeZone: string): CachedEntryPages | undefined {
  const day = calendarDay(new Date(entry.recorded_at), timeZone);
  const shorter = changeCachedEntryPages(pages, (list) => list.filter((item) => item.id !== entry.id), -1);
  return (
    shorter && {
      ...shorter,
      pages: shorter.pages.map((page) => ({
        ...page,
        dayTotals: page.dayTotals.map((total) => (total.day === day ? { ...total, seconds: total.seconds - (entry.duration_seconds ?? 0) } : total)),
      })),
    }
  );
}

/** Every list, total and chart that an entry's change may move is read again, and the suggestions its commits leave or join. */
export function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all(["entries", "week", "suggestions"].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/** The loaded entries in the order of the work, each once, whatever the edits since their pages were loaded. */
export function loadedEntries(pages: EntryPage[]): EntryView[] {
  const byId = new Map(pages.flatMap((page) => page.entries).map((entry) => [entry.id, entry]));
  return [...byId.values()].sort(byMostRecentWork);
}
