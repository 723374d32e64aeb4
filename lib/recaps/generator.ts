import { formatDayRange, formatDuration } from "@/lib/formatting/time-words";
import { calendarDay } from "@/lib/time";
import type { RecapFilters } from "./filters";
import type { RecapMetadata } from "./metadata";
import type { RecapTemplate } from "./templates";

/** A commit attached to an entry; `url` is its page on the repository's host, when the remote is known (lib/repositories/web-urls.ts). */
export type RecapCommit = {
  id: string;
  sha: string;
  message: string;
  url: string | null;
};

/** Who wrote an entry, or a member of the workspace a team standup has a section for. */
export type RecapAuthor = { id: string; name: string | null };

/** What a generator needs of an entry. */
export type RecapEntry = {
  id: string;
  author: RecapAuthor;
  content: string;
  recordedAt: Date;
  durationSeconds: number | null;
  tags: string[];
  project: { id: string; name: string } | null;
  commits: RecapCommit[];
};

export type RecapInput = {
  template: RecapTemplate;
  /** Newest first. */
  entries: RecapEntry[];
  filters: RecapFilters;
  timeZone: string;
  /** The current members whose entries the recap's owner may read (lib/workspaces/members.ts `readableAuthors`); a team standup's sections. */
  members?: RecapAuthor[];
};

/** Produces a recap's markdown piece by piece; the pieces joined are the content. */
export type RecapGenerator = (input: RecapInput, signal: AbortSignal) => AsyncIterable<string>;

export const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function recapMetadata({ entries }: Pick<RecapInput, "entries">): RecapMetadata {
  return {
    entry_count: entries.length,
    projects: [...new Set(entries.flatMap((entry) => (entry.project ? [entry.project.name] : [])))].sort(byName),
    tags: [...new Set(entries.flatMap((entry) => entry.tags))].sort(byName),
    total_duration_seconds: totalDuration(entries),
    commit_count: new Set(entries.flatMap((entry) => entry.commits.map((commit) => commit.id))).size,
  };
}

export function totalDuration(entries: RecapEntry[]): number {
  return entries.reduce((sum, entry) => sum + (entry.durationSeconds ?? 0), 0);
}

export const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;

/** "3 entries, 1h 30m": how many, and the time tracked when there is some. */
export function entryFigures(entries: RecapEntry[]): string {
  const duration = totalDuration(entries);
  const count = plural(entries.length, "entry", "entries");
  return duration > 0 ? `${count}, ${formatDuration(duration)}` : count;
}

/** The headline of every built-in recap: entries, projects, time tracked, commits. */
export function headline(input: Pick<RecapInput, "entries">): string {
  const metadata = recapMetadata(input);
  return (
    `${plural(metadata.entry_count, "entry", "entries")} across ${plural(metadata.projects.length, "project")}` +
    `, ${formatDuration(metadata.total_duration_seconds)} tracked, ${plural(metadata.commit_count, "commit")}.`
  );
}

export function groupBy<Item, Key>(items: Item[], keyOf: (item: Item) => Key): Map<Key, Item[]> {
  const groups = new Map<Key, Item[]>();
  for (const item of items) {
    const key = keyOf(item);
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return groups;
}

export const NO_PROJECT = "No project";

/** The entries per project, projects by name and the entries without one last. */
export function byProject(entries: RecapEntry[]): { name: string; entries: RecapEntry[] }[] {
  return [...groupBy(entries, (entry) => entry.project?.id ?? null).values()]
    .sort((a, b) => (a[0]!.project && b[0]!.project ? byName(a[0]!.project.name, b[0]!.project.name) : a[0]!.project ? -1 : 1))
    .map((group) => ({ name: group[0]!.project?.name ?? NO_PROJECT, entries: group }));
}

/** "2–4 Mar 2026", or one day, "2 Mar 2026". */
export function periodOf({ filters, timeZone }: Pick<RecapInput, "filters" | "timeZone">): string {
  return formatDayRange(calendarDay(new Date(filters.from), timeZone), calendarDay(new Date(filters.to), timeZone));
}
