import type { Operation } from "@/lib/api/operation";
import { projectExample } from "@/lib/projects/examples";
import { commitExample } from "@/lib/repositories/examples";
import { entryExample, entryListExample, pullRequestSuggestionExample, suggestionExample, suggestionListExample } from "./examples";
import { entryBulkResponseSchema, entryListResponseSchema, entryResponseSchema, timerResponseSchema, timerStartResponseSchema } from "./responses";
import {
  attachCommitsSchema,
  bulkMaxEntries,
  entryBulkSchema,
  entryCreateSchema,
  entryListQuerySchema,
  entryUpdateSchema,
  timerStartSchema,
  timerStopSchema,
} from "./schemas";
import {
  suggestionDismissalResponseSchema,
  suggestionDismissalSchema,
  suggestionListResponseSchema,
  suggestionPeriod,
  suggestionQuerySchema,
} from "./suggestion-schemas";

const tag = { name: "Worklog entries", description: "Time-tracking records in markdown, with tags, a project and attached commits." };

const unknownProject = "A field is invalid, or `project_id` names no project of the account (`Invalid value`).";

const suggestionsTag = {
  name: "Suggested entries",
  description:
    "Commits no entry cites yet, merged pull requests and the past meetings of subscribed calendars, drafted as entries to log: create the entry with their `commit_ids` and they are suggested no more, or dismiss them (a meeting logged through the API is dismissed once its entry is created).",
};

export const worklogOperations = {
  list: {
    kind: "api",
    operationId: "listEntries",
    method: "get",
    path: "/api/v1/worklog/entries",
    tag,
    summary: "List worklog entries",
    description:
      "Newest first, one page at a time. The filters combine with each other and with pagination; `total_count` counts the matches, up to 1 000 when filtered or searched (`total_count_exact` says whether it is exact).",
    scope: "worklog:read",
    role: "viewer",
    query: entryListQuerySchema,
    responses: { 200: { description: "A page of entries.", schema: entryListResponseSchema, example: entryListExample } },
  },
  create: {
    kind: "api",
    operationId: "createEntry",
    method: "post",
    path: "/api/v1/worklog/entries",
    tag,
    summary: "Create a worklog entry",
    description:
      "`recorded_at` defaults to now, `tags` to none. `commit_ids` attaches commits of the account as the entry is created (a suggested entry's, which then leave the suggestions).",
    scope: "worklog:write",
    role: "member",
    body: {
      schema: entryCreateSchema,
      example: {
        content: entryExample.content,
        recorded_at: "2026-11-22T09:30:00Z",
        duration_seconds: 5400,
        tags: ["frontend", "release"],
        project_id: projectExample.id,
      },
    },
    responses: { 201: { description: "The new entry.", schema: entryResponseSchema, example: { ...entryExample, commit_ids: [] } } },
    errors: {
      422: "A field is invalid, `project_id` names no project of the account, or an id of `commit_ids` no commit of the account (`Invalid value`, e.g. at `/commit_ids/0`); nothing is created.",
    },
  },
  get: {
    kind: "api",
    operationId: "getEntry",
    method: "get",
    path: "/api/v1/worklog/entries/{id}",
    tag,
    summary: "Get a worklog entry",
    scope: "worklog:read",
    role: "viewer",
    responses: { 200: { description: "The entry.", schema: entryResponseSchema, example: entryExample } },
  },
  update: {
    kind: "api",
    operationId: "updateEntry",
    method: "put",
    path: "/api/v1/worklog/entries/{id}",
    tag,
    summary: "Update a worklog entry",
    description: "Changes the fields sent; the others stay as they are. With `If-Match`, only while the entry is at the version it names.",
    scope: "worklog:write",
    role: "member",
    versioned: true,
    body: { schema: entryUpdateSchema, example: { duration_seconds: 6300, tags: ["frontend"] } },
    responses: {
      200: { description: "The updated entry.", schema: entryResponseSchema, example: { ...entryExample, duration_seconds: 6300, tags: ["frontend"] } },
    },
    errors: { 422: unknownProject },
  },
  delete: {
    kind: "api",
    operationId: "deleteEntry",
    method: "delete",
    path: "/api/v1/worklog/entries/{id}",
    tag,
    summary: "Delete a worklog entry",
    description: "With `If-Match`, only while the entry is at the version it names.",
    scope: "worklog:write",
    role: "member",
    versioned: true,
    responses: { 200: { description: "The entry as it was.", schema: entryResponseSchema, example: entryExample } },
  },
  bulk: {
    kind: "api",
    operationId: "bulkUpdateEntries",
    method: "post",
    path: "/api/v1/worklog/entries/bulk",
    tag,
    summary: "Change or delete many entries at once",
    description: `One action on up to ${bulkMaxEntries} entries of the account, all of them or none: add a tag, remove a tag, move them to a project (or to none), or delete them. Each entry changed is an \`entry.updated\` (or \`entry.deleted\`) webhook event and a change for incremental sync, as if changed alone; an entry the action leaves as it is is not written.`,
    scope: "worklog:write",
    role: "member",
    body: { schema: entryBulkSchema, example: { ids: [entryExample.id], action: { type: "add_tag", tag: "reviewed" } } },
    responses: {
      200: {
        description: "The entries in the order of `ids`: as the change left them, or as they were when deleted.",
        schema: entryBulkResponseSchema,
        example: { entries: [{ ...entryExample, tags: [...entryExample.tags, "reviewed"] }] },
      },
    },
    errors: {
      404: "An id names no entry of the account: nothing is changed.",
      422: `No id, more than ${bulkMaxEntries}, an id twice or not a UUID, an unknown action, an invalid tag (or one an entry with 20 tags cannot take), or a \`project_id\` that names no project of the account (\`Invalid value\`); nothing is changed.`,
    },
  },
  attachCommits: {
    kind: "api",
    operationId: "attachCommits",
    method: "post",
    path: "/api/v1/worklog/entries/{id}/commits",
    tag,
    summary: "Attach commits to an entry",
    description: "Attaches commits of the account to the entry; attaching one twice changes nothing.",
    scope: "worklog:write",
    role: "member",
    body: { schema: attachCommitsSchema, example: { commit_ids: [commitExample.id] } },
    responses: { 200: { description: "The entry with its commits.", schema: entryResponseSchema, example: entryExample } },
    errors: { 422: "An id is invalid or names no commit of the account (`Invalid value`, e.g. at `/commit_ids/0`)." },
  },
  listSuggestions: {
    kind: "api",
    operationId: "listSuggestions",
    method: "get",
    path: "/api/v1/worklog/suggestions",
    tag: suggestionsTag,
    summary: "List suggested entries",
    description: `The period's commits that no entry cites and that are not dismissed, one suggestion per repository and day (of the account's time zone), and its merged pull requests not dismissed, one suggestion each with its merge commit when stored, and the past meetings of the account's subscribed calendars (\`kind: calendar\`, with \`calendar_event\` and its duration) neither logged nor dismissed; newest day first. Each has a drafted \`content\` and the \`recorded_at\` to give the entry. \`from\` and \`to\` read as the entries list reads them; by default the last ${suggestionPeriod.defaultDays} days, today included, and at most ${suggestionPeriod.maxDays} days.`,
    scope: ["worklog:read", "repo:read"],
    role: "viewer",
    query: suggestionQuerySchema,
    responses: { 200: { description: "The suggestions.", schema: suggestionListResponseSchema, example: suggestionListExample } },
    errors: { 400: `\`from\` or \`to\` is not a date or timestamp, \`from\` is after \`to\`, or they span more than ${suggestionPeriod.maxDays} days.` },
  },
  dismissSuggestions: {
    kind: "api",
    operationId: "dismissSuggestions",
    method: "post",
    path: "/api/v1/worklog/suggestions/dismiss",
    tag: suggestionsTag,
    summary: "Dismiss suggested entries",
    description:
      "Commits, pull request suggestions and calendar events (a calendar suggestion's `calendar_event.id`) that need no entry, or were logged as one: they are suggested no more. Dismissing one again changes nothing.",
    scope: "worklog:write",
    role: "member",
    body: {
      schema: suggestionDismissalSchema,
      example: { commit_ids: suggestionExample.commits.map((commit) => commit.id), pull_request_ids: [pullRequestSuggestionExample.pull_request.id] },
    },
    responses: {
      200: {
        description: "How many were named, all dismissed now.",
        schema: suggestionDismissalResponseSchema,
        example: { dismissed: { commits: 3, pull_requests: 1, calendar_events: 0 } },
      },
    },
    errors: {
      404: "An id names no commit, pull request suggestion or calendar event of the account: nothing is dismissed.",
      422: "No id at all, more than 1000 of a kind, or an id that is not a UUID.",
    },
  },
} satisfies Record<string, Operation>;

const timerTag = { name: "Timer", description: "One running entry per account: started, read and stopped, its duration the time it ran." };

const runningExample = { ...entryExample, content: "Reviewing the release notes", duration_seconds: null, running: true };
const stoppedExample = { ...entryExample, content: "Reviewing the release notes", duration_seconds: 2700 };

export const timerOperations = {
  get: {
    kind: "api",
    operationId: "getTimer",
    method: "get",
    path: "/api/v1/worklog/timer",
    tag: timerTag,
    summary: "Get the running timer",
    description: 'The account\'s running entry (`running: true`, `recorded_at` when it started), or `{"timer": null}`.',
    scope: "worklog:read",
    role: "viewer",
    responses: { 200: { description: "The running entry, or null.", schema: timerResponseSchema, example: { timer: runningExample } } },
  },
  start: {
    kind: "api",
    operationId: "startTimer",
    method: "post",
    path: "/api/v1/worklog/timer",
    tag: timerTag,
    summary: "Start a timer",
    description:
      'Creates a running entry, recorded now (or at `started_at`). A timer already running is stopped first and answered as `stopped`. `content` defaults to "Timer"; the entry can be edited like any other, and giving it a `duration_seconds` stops it.',
    scope: "worklog:write",
    role: "member",
    body: { schema: timerStartSchema, example: { content: "Reviewing the release notes", tags: ["review"] } },
    responses: {
      201: { description: "The running entry, and the one stopped.", schema: timerStartResponseSchema, example: { timer: runningExample, stopped: null } },
    },
    errors: { 422: "A field is invalid, or `project_id` names no project of the account (`Invalid value`)." },
  },
  stop: {
    kind: "api",
    operationId: "stopTimer",
    method: "post",
    path: "/api/v1/worklog/timer/stop",
    tag: timerTag,
    summary: "Stop the timer",
    description:
      "Ends the running entry now, or at `stopped_at`: `recorded_at` becomes that time and `duration_seconds` the seconds it ran (at least 1, at most 604 800). With `entry_id`, only that entry's timer.",
    scope: "worklog:write",
    role: "member",
    body: { schema: timerStopSchema, example: { stopped_at: "2026-11-20T11:45:00Z", entry_id: entryExample.id } },
    responses: { 200: { description: "The entry just stopped.", schema: timerResponseSchema, example: { timer: stoppedExample } } },
    errors: {
      404: "No timer is running, or the one running is not `entry_id`.",
      422: "`stopped_at` is not within the last 7 days, or `entry_id` is not an id.",
    },
  },
} satisfies Record<string, Operation>;
