import { calendarDay } from "@/lib/time";
import type { RecapFilters } from "./filters";
import type { RecapMetadata } from "./metadata";

/** What a generator needs of an entry. */
export type RecapEntry = {
  id: string;
  content: string;
  recordedAt: Date;
  durationSeconds: number | null;
  tags: string[];
  project: { id: string; name: string } | null;
  commitIds: string[];
};

export type RecapInput = {
  /** Newest first. */
  entries: RecapEntry[];
  filters: RecapFilters;
  timeZone: string;
};


/** Produces a recap's markdown piece by piece; the pieces joined are the content. */
export type RecapGenerator = (input: RecapInput, signal: AbortSignal) => AsyncIterable<string>;

const HIGHLIGHTS_PER_PROJECT = 10;
const HIGHLIGHT_MAX_CHARACTERS = 140;
const NO_PROJECT = "No project";

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function recapMetadata({ entries }: RecapInput): RecapMetadata {
  return {
    entry_count: entries.length,
    projects: [...new Set(entries.flatMap((entry) => (entry.project ? [entry.project.name] : [])))].sort(byName),
    tags: [...new Set(entries.flatMap((entry) => entry.tags))].sort(byName),
    total_duration_seconds: totalDuration(entries),
    commit_count: new Set(entries.flatMap((entry) => entry.commitIds)).size,
  };
}

function totalDuration(entries: RecapEntry[]): number {
  return entries.reduce((sum, entry) => sum + (entry.durationSeconds ?? 0), 0);
}

export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  if (hours === 0) return `${minutes}m`;
  return minutes % 60 === 0 ? `${hours}h` : `${hours}h ${minutes % 60}m`;
}

const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;

/** An entry's first non-empty line, without a heading or list marker, shortened. */
export function highlight(content: string): string {
  const line = content
    .split("\n")
    .map((text) => text.replace(/^\s*(#{1,6}\s+|[-*+]\s+|\d+[.)]\s+)?/, "").trim())
    .find(Boolean);
  if (!line) return "(no text)";
  const characters = [...line];
  return characters.length > HIGHLIGHT_MAX_CHARACTERS ? `${characters.slice(0, HIGHLIGHT_MAX_CHARACTERS - 1).join("")}…` : line;
}

function groupBy<Key>(entries: RecapEntry[], keyOf: (entry: RecapEntry) => Key): Map<Key, RecapEntry[]> {
  const groups = new Map<Key, RecapEntry[]>();
  for (const entry of entries) {
    const key = keyOf(entry);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return groups;
}

function summary(entries: RecapEntry[]): string {
  const duration = totalDuration(entries);
  const count = plural(entries.length, "entry", "entries");
  return duration > 0 ? `${count}, ${formatDuration(duration)}` : count;
}

/** The built-in recap, deterministic: the same entries and filters always give the same text. */
export function* builtInRecapPieces({ entries, filters, timeZone }: RecapInput): Generator<string> {
  const metadata = recapMetadata({ entries, filters, timeZone });
  const first = calendarDay(new Date(filters.from), timeZone);
  const last = calendarDay(new Date(filters.to), timeZone);
  yield `# Recap ${first === last ? first : `${first} – ${last}`}\n\n`;
  yield (
    `${plural(entries.length, "entry", "entries")} across ${plural(metadata.projects.length, "project")}` +
    `, ${formatDuration(metadata.total_duration_seconds)} tracked, ${plural(metadata.commit_count, "commit")}.\n\n`
  );

  const projects = [...groupBy(entries, (entry) => entry.project?.id ?? null)].sort(([, a], [, b]) =>
    a[0]!.project && b[0]!.project ? byName(a[0]!.project.name, b[0]!.project.name) : a[0]!.project ? -1 : 1,
  );
  for (const [, projectEntries] of projects) {
    yield `## ${projectEntries[0]!.project?.name ?? NO_PROJECT}\n\n${summary(projectEntries)}.\n\n`;
    for (const entry of projectEntries.slice(0, HIGHLIGHTS_PER_PROJECT)) yield `- ${highlight(entry.content)}\n`;
    if (projectEntries.length > HIGHLIGHTS_PER_PROJECT) yield `- and ${projectEntries.length - HIGHLIGHTS_PER_PROJECT} more\n`;
    yield "\n";
  }

  if (metadata.tags.length > 0) {
    yield "## Tags\n\n";
    for (const tag of metadata.tags) yield `- \`${tag}\`: ${summary(entries.filter((entry) => entry.tags.includes(tag)))}\n`;
    yield "\n";
  }

  yield "## Day by day\n\n";
  const days = [...groupBy(entries, (entry) => calendarDay(entry.recordedAt, timeZone))].sort(([a], [b]) => byName(a, b));
  for (const [day, dayEntries] of days) {
    const weekday = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", weekday: "long" }).format(new Date(`${day}T12:00:00Z`));
    const projectNames = [...new Set(dayEntries.map((entry) => entry.project?.name ?? NO_PROJECT))].sort(byName);
    yield `- **${weekday} ${day}**: ${summary(dayEntries)} (${projectNames.join(", ")})\n`;
  }
}

export const builtInGenerator: RecapGenerator = async function* (input) {
  yield* builtInRecapPieces(input);
};
