"use server";

import type { ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction } from "@/lib/server-actions/run-action";
import type { EntryInput } from "./actions";
import { entryFields, type EntryField } from "./entry-fields";
import { suggestionDismissalSchema, suggestionLogSchema, suggestionQuerySchema, type Suggestion, type SuggestionDismissalResult } from "./suggestion-schemas";
import { dismissSuggestions, listSuggestions, logSuggestion, undoDismissal } from "./suggestions";
import { toEntryViews, type EntryView } from "./views";

// The worklog's suggested entries (docs/api.md, "Suggested entries"), through the functions the API calls.

const worklogPath = "/";

/** The ids a suggestion's Dismiss (and its Undo) names. */
export type SuggestionIds = { commit_ids: string[]; pull_request_ids: string[]; calendar_event_ids: string[] };

/** The suggestions of a period of the worklog (its `from` and `to`, else the last 14 days). */
export async function loadSuggestions(period: { from?: string; to?: string }): Promise<ActionResult<Suggestion[]>> {
  return runSignedInAction(worklogPath, {
    schema: suggestionQuerySchema,
    input: period,
    fields: {},
    run: (query, access) => listSuggestions(access, query),
  });
}

/** Logs a suggestion as the composer (or "Log as is") sends it: the entry with the suggestion's commits, and its pull request. */
export async function logSuggestionAction(input: EntryInput): Promise<ActionResult<EntryView, EntryField>> {
  return runSignedInAction(worklogPath, {
    schema: suggestionLogSchema,
    input,
    fields: entryFields,
    notFoundMessage: "A commit of this suggestion no longer exists; it may have been deleted elsewhere.",
    run: async (log, access) => (await toEntryViews(access, [await logSuggestion(access, log, "web")]))[0]!,
  });
}

export async function dismissSuggestionAction(ids: SuggestionIds): Promise<ActionResult<SuggestionDismissalResult>> {
  return runSignedInAction(worklogPath, {
    schema: suggestionDismissalSchema,
    input: ids,
    fields: {},
    notFoundMessage: "This suggestion no longer exists; its commits may have been deleted elsewhere.",
    run: (dismissal, access) => dismissSuggestions(access, dismissal),
  });
}

/** Undo of a Dismiss: the suggestion comes back. */
export async function undoDismissalAction(ids: SuggestionIds): Promise<ActionResult<void>> {
  return runSignedInAction(worklogPath, {
    schema: suggestionDismissalSchema,
    input: ids,
    fields: {},
    run: (dismissal, access) => undoDismissal(access, dismissal),
  });
}
