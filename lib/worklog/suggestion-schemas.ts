import { z } from "zod";
import { requestSchemas, responseSchemas } from "@/lib/openapi/components";
import { rangeBoundSchema } from "@/lib/time-schemas";
import { idSchema } from "@/lib/validation";
import { entryCreateSchema } from "./schemas";

// Suggested entries (docs/api.md, "Suggested entries"): the commits no entry cites and the merged
// pull requests of a period, drafted as entries to log.

/** The most calendar days one read of the suggestions spans, and the days it spans by default. */
export const suggestionPeriod = { maxDays: 92, defaultDays: 14 } as const;

/** The most commits one suggestion carries: a repository's day with more is suggested 100 at a time, the oldest first. */
export const maxSuggestedCommits = 100;

export const suggestionQuerySchema = z.object({
  from: rangeBoundSchema
    .meta({ description: `The first day (a date, in the account's time zone) or instant; default ${suggestionPeriod.defaultDays - 1} days before \`to\`.` })
    .optional(),
  to: rangeBoundSchema.meta({ description: "The last day (a date, in the account's time zone) or instant; default the end of today." }).optional(),
});
export type SuggestionQuery = z.output<typeof suggestionQuerySchema>;

const dismissedIdsSchema = (what: string) =>
  z
    .array(idSchema)
    .max(1000)
    .meta({ description: `Ids of the account's ${what} (up to 1000).` })
    .optional();

export const suggestionDismissalSchema = z
  .object({
    commit_ids: dismissedIdsSchema("commits"),
    pull_request_ids: dismissedIdsSchema("pull request suggestions"),
    calendar_event_ids: dismissedIdsSchema("calendar events (a calendar suggestion's `calendar_event.id`)"),
  })
  .superRefine((body, context) => {
    if (!body.commit_ids?.length && !body.pull_request_ids?.length && !body.calendar_event_ids?.length)
      context.addIssue({ code: "custom", message: "Name at least one commit, pull request or calendar event to dismiss" });
  })
  .meta({ description: "At least one id in all." })
  .register(requestSchemas, { id: "SuggestionDismissal" });
export type SuggestionDismissal = z.output<typeof suggestionDismissalSchema>;

/** What logging a suggestion creates: its entry, citing its commits; a pull request's suggestion is dismissed with it, a calendar event is logged as it. */
export const suggestionLogSchema = entryCreateSchema.extend({ pull_request_id: idSchema.optional(), calendar_event_id: idSchema.optional() });
export type SuggestionLog = z.output<typeof suggestionLogSchema>;

export const suggestionKinds = ["commits", "pull_request", "calendar"] as const;

const suggestionCommitSchema = z
  .object({
    id: z.uuid(),
    sha: z.string(),
    short_sha: z.string().meta({ description: "The sha's first 7 characters, as the drafted content cites it." }),
    subject: z.string().meta({ description: "The message's first line, cut at 300 characters (ending in `…`)." }),
    committed_at: z.iso.datetime(),
    web_url: z.string().nullable(),
  })
  .register(responseSchemas, { id: "SuggestionCommit" });

const suggestionRepositorySchema = z
  .object({ id: z.uuid(), name: z.string(), project_id: z.uuid().nullable() })
  .register(responseSchemas, { id: "SuggestionRepository" });

const suggestionCalendarEventSchema = z
  .object({
    id: z.uuid().meta({ description: "The calendar event's id: dismiss it as `calendar_event_ids`, log it as `calendar_event_id`." }),
    subscription_id: z.uuid(),
    calendar_name: z.string(),
    starts_at: z.iso.datetime(),
    ends_at: z.iso.datetime(),
    duration_seconds: z.number().int().meta({ description: "The meeting's length: the entry's duration." }),
  })
  .register(responseSchemas, { id: "SuggestionCalendarEvent" });

const suggestionPullRequestSchema = z
  .object({ id: z.uuid(), number: z.number().int(), title: z.string(), web_url: z.string().nullable() })
  .register(responseSchemas, { id: "SuggestionPullRequest" });

export const suggestionSchema = z
  .object({
    id: z.string().meta({
      description: "Stable while the suggestion stands: `commits:<repository_id>:<day>`, the pull request suggestion's id, or `calendar:<calendar event id>`.",
    }),
    kind: z.enum(suggestionKinds).meta({
      description: "`commits` (a repository's day of commits), `pull_request` (a merged pull request) or `calendar` (a past meeting of a subscribed calendar).",
    }),
    day: z.iso.date().meta({ description: "The calendar day of the work in the account's time zone." }),
    repository: suggestionRepositorySchema.nullable().meta({ description: "The commits' or pull request's repository; null for a calendar suggestion." }),
    title: z.string(),
    content: z.string().meta({
      description: "Drafted markdown for the entry: the commits' subjects, grouped by conventional-commit type, each citing its short sha; a meeting's title.",
    }),
    recorded_at: z.iso.datetime().meta({ description: "The time to give the entry: the latest commit's, the merge's, or the meeting's start." }),
    commits: z
      .array(suggestionCommitSchema)
      .max(maxSuggestedCommits)
      .meta({
        description: `Oldest first, at most ${maxSuggestedCommits}: the commits the suggestion drafts. Create the entry with their ids as \`commit_ids\`.`,
      }),
    commit_count: z
      .number()
      .int()
      .meta({
        description: `How many commits of its repository and day no entry cites and none dismissed (for a pull request, its merge commit or none). Over ${maxSuggestedCommits}, \`commits\` holds the oldest ${maxSuggestedCommits}; once they are logged or dismissed, the suggestion carries the next ones.`,
      }),
    pull_request: suggestionPullRequestSchema.nullable(),
    calendar_event: suggestionCalendarEventSchema.nullable().meta({ description: "The meeting of a calendar suggestion; null for the others." }),
  })
  .register(responseSchemas, { id: "Suggestion" });
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListResponseSchema = z
  .object({ suggestions: z.array(suggestionSchema).meta({ description: "Newest day first; not paginated." }) })
  .register(responseSchemas, { id: "SuggestionList" });

export const suggestionDismissalResponseSchema = z
  .object({
    dismissed: z.object({
      commits: z.number().int().meta({ description: "The distinct commit ids of the request, all dismissed now." }),
      pull_requests: z.number().int().meta({ description: "The distinct pull request ids of the request, all dismissed now." }),
      calendar_events: z.number().int().meta({ description: "The distinct calendar event ids of the request, all dismissed now." }),
    }),
  })
  .register(responseSchemas, { id: "SuggestionDismissalResult" });
export type SuggestionDismissalResult = z.infer<typeof suggestionDismissalResponseSchema>;
