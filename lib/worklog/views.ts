import type { CursorPageMeta } from "@/lib/api/cursor-pagination";
import type { Access } from "@/lib/access/context";
import { markdownExcerpt } from "@/lib/formatting/markdown-excerpt";
import { commitSummaries, type CommitSummary } from "@/lib/repositories/commits";
import { calendarDay } from "@/lib/time";
import type { EntryListFilters } from "./schemas";
import { dayTotals, type DayTotal } from "./tracked-time";
import { toEntryResponse } from "./responses";
import type { EntryWithRelations } from "./entry-with-relations";
import { runningTimer } from "./timer";

/** An entry as the web app shows it: its API representation plus the commits attached to it. */
export type EntryView = ReturnType<typeof toEntryResponse> & { commits: CommitSummary[] };

/** The entries' views, with the attached commits of all of them read in one query. */
export async function toEntryViews(access: Access, entries: EntryWithRelations[]): Promise<EntryView[]> {
  const commits = await commitSummaries(access, [...new Set(entries.flatMap((entry) => entry.commits.map((link) => link.commitId)))]);
  const byId = new Map(commits.map((commit) => [commit.id, commit]));
  return entries.map((entry) => ({
    ...toEntryResponse(entry),
    commits: entry.commits.flatMap((link) => byId.get(link.commitId) ?? []),
  }));
}

/** A page of entries as the worklog shows it, under day headings: each day's whole tracked time comes with it. */
export type EntryPage = { entries: EntryView[]; meta: CursorPageMeta; dayTotals: DayTotal[] };

/** The page's views, and the time tracked on each of its days by the entries the filters select. */
export async function toEntryPage(
  access: Access,
  { rows, meta }: { rows: EntryWithRelations[]; meta: CursorPageMeta },
  filters: EntryListFilters,
): Promise<EntryPage> {
  const days = rows.map((row) => calendarDay(row.recordedAt, access.user.timezone));
  const [entries, totals] = await Promise.all([toEntryViews(access, rows), dayTotals(access, days, filters)]);
  return { entries, meta, dayTotals: totals };
}

/** A running entry as the header's timer shows it: with its one-line label, made here rather than by the browser. */
export type TimerView = EntryView & { excerpt: string };

export const toTimerView = (entry: EntryView): TimerView => ({ ...entry, excerpt: markdownExcerpt(entry.content) });

/** The account's running entry as the web app shows it, or null when no timer runs. */
export async function runningTimerView(access: Access): Promise<TimerView | null> {
  const timer = await runningTimer(access);
  return timer && toTimerView((await toEntryViews(access, [timer]))[0]!);
}
