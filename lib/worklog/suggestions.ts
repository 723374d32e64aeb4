import type { Access } from "@/lib/access/context";
import type { User } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { addDays, calendarDay, dayCount, rangeEnd, rangeStart, startOfDay } from "@/lib/time";
import { createEntry } from "./entries";
import type { EntryWithRelations } from "./entry-with-relations";
import type { EntrySource } from "./sources";
import { draftSuggestions } from "./suggestion-drafts";
import {
  suggestionPeriod,
  type Suggestion,
  type SuggestionDismissal,
  type SuggestionDismissalResult,
  type SuggestionLog,
  type SuggestionQuery,
} from "./suggestion-schemas";
import { dismiss, markMeetingLogged, selectMergedPullRequests, selectPastMeetings, selectUnloggedCommits, undismiss } from "./suggestion-sql";

/**
 * The instants a read of the suggestions spans: `from` and `to` as the entries list reads them,
 * by default the last 14 days of the account's time zone, today included; at most 92 days.
 */
export function suggestionRange(user: Pick<User, "timezone">, { from, to }: SuggestionQuery, now = new Date()): { start: Date; end: Date } {
  const zone = user.timezone;
  const end = rangeEnd(to ?? { kind: "day", date: calendarDay(now, zone) }, zone);
  const start = from ? rangeStart(from, zone) : startOfDay(addDays(calendarDay(end, zone), 1 - suggestionPeriod.defaultDays), zone);
  if (start > end) throw AppError.invalidRequest("from must not be after to");
  if (dayCount(calendarDay(start, zone), calendarDay(end, zone)) > suggestionPeriod.maxDays) {
    throw AppError.invalidRequest(`from and to must span at most ${suggestionPeriod.maxDays} days`);
  }
  return { start, end };
}

/**
 * The account's suggested entries of the period (docs/api.md, "Suggested entries"), newest day
 * first: the commits no entry cites and none dismissed, by repository and day, and the merged
 * pull requests not dismissed, and the past meetings of the member's calendars neither logged nor
 * dismissed. Three statements, each on its indexes (suggestion-sql.ts).
 */
export async function listSuggestions(access: Access, query: SuggestionQuery): Promise<Suggestion[]> {
  const { start, end } = suggestionRange(access.user, query);
  const [commits, pulls, meetings] = await Promise.all([
    selectUnloggedCommits(access, start, end),
    selectMergedPullRequests(access, start, end),
    selectPastMeetings(access, start, end),
  ]);
  return draftSuggestions(commits, pulls, access.user.timezone, meetings);
}

/**
 * Dismisses commits and pull request suggestions of the account, so that they are suggested no
 * more: all of them, or none when an id names nothing of the account (a 404). Dismissing one
 * again changes nothing.
 */
export async function dismissSuggestions(
  access: Access,
  { commit_ids = [], pull_request_ids = [], calendar_event_ids = [] }: SuggestionDismissal,
): Promise<SuggestionDismissalResult> {
  const { complete, commits, pullRequests, calendarEvents } = await dismiss(access, commit_ids, pull_request_ids, calendar_event_ids);
  if (!complete) throw AppError.notFound();
  return { dismissed: { commits, pull_requests: pullRequests, calendar_events: calendarEvents } };
}

/** Suggests again what a dismissal took away (the web app's Undo); ids of nothing dismissed of the account are passed over. */
export function undoDismissal(access: Access, { commit_ids = [], pull_request_ids = [], calendar_event_ids = [] }: SuggestionDismissal): Promise<void> {
  return undismiss(access, commit_ids, pull_request_ids, calendar_event_ids);
}

/**
 * Logs a suggestion: its entry, citing its commits, which leave the suggestions with it; the
 * suggestion of a pull request is dismissed too (also when its merge commit is not stored), and a
 * calendar event is marked logged as the entry. A pull request or calendar event gone meanwhile,
 * or not the account's, is passed over.
 */
export async function logSuggestion(
  access: Access,
  { pull_request_id, calendar_event_id, ...entry }: SuggestionLog,
  source: EntrySource,
): Promise<EntryWithRelations> {
  const created = await createEntry(access, entry, source);
  if (calendar_event_id) await markMeetingLogged(access, calendar_event_id, created.id);
  if (pull_request_id) {
    await dismissSuggestions(access, { pull_request_ids: [pull_request_id] }).catch((error: unknown) => {
      if (!(error instanceof AppError && error.kind === "not_found")) throw error;
    });
  }
  return created;
}
