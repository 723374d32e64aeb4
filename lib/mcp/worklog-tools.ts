import { z } from "zod";
import type { Access } from "@/lib/access/context";
import { AppError } from "@/lib/errors";
import { findProjectId } from "@/lib/projects/projects";
import { projectIdentifierSchema } from "@/lib/projects/schemas";
import { idSchema } from "@/lib/validation";
import {
  entryResponseSchema,
  entryBulkResponseSchema,
  entryListResponseSchema,
  timerResponseSchema,
  timerStartResponseSchema,
  toEntryResponse,
} from "@/lib/worklog/responses";
import { attachCommitsSchema, entryCreateSchema, timerStartSchema, entryBulkSchema, entryListQuerySchema } from "@/lib/worklog/schemas";
import { bulkEditEntries } from "@/lib/worklog/bulk";
import { attachCommits, createEntry, listEntriesAsJson } from "@/lib/worklog/entries";
import { worklogHref } from "@/lib/worklog/filters";
import { timerOperations, worklogOperations } from "@/lib/worklog/operations";
import { suggestionListResponseSchema, suggestionQuerySchema } from "@/lib/worklog/suggestion-schemas";
import { listSuggestions } from "@/lib/worklog/suggestions";
import { startTimer, stopTimer } from "@/lib/worklog/timer";
import { defineTool } from "./tool";
import { boundText, entryLine, entryLink, moreLine, plural, suggestionLines, type EntryResponse } from "./tool-summaries";

/** log_work's `project`: one of the account's projects, by id or by identifier. */
const projectReferenceSchema = z
  .union([idSchema, projectIdentifierSchema])
  .meta({ description: "The project, by its id (a UUID) or its identifier (1–3 letters, e.g. `WEB`); list_projects shows both." });

const logWorkInputSchema = entryCreateSchema.omit({ project_id: true }).extend({ project: projectReferenceSchema.optional() });

const startTimerInputSchema = timerStartSchema.omit({ project_id: true }).extend({ project: projectReferenceSchema.optional() });

const noSuchProject = () => AppError.validation([{ pointer: "/project", detail: "Invalid value" }]);

/** The id of the project a tool's `project` names, by id or identifier; none given, none. */
async function projectIdOf(access: Access, project: string | undefined): Promise<string | undefined> {
  if (project === undefined) return undefined;
  const projectId = await findProjectId(access, project);
  if (projectId === undefined) throw noSuchProject();
  return projectId;
}

const attachCommitsInputSchema = attachCommitsSchema.extend({ entry_id: idSchema.meta({ description: "The entry's id." }) });

export const logWorkTool = defineTool({
  name: "log_work",
  title: "Log work",
  description:
    "Record a worklog entry: what was done, in markdown. Use it whenever work is finished or worth noting. `recorded_at` defaults to now; `duration_seconds` is the time spent; `tags` are lower-cased; `project` takes a project's id or identifier; `commit_ids` attaches recorded commits (a suggestion's, from suggest_entries). Returns the new entry with its id.",
  operation: worklogOperations.create,
  arguments: "body",
  input: logWorkInputSchema,
  output: entryResponseSchema,
  async run({ access, input: { project, ...fields }, origin }) {
    const projectId = await projectIdOf(access, project);
    const entry = toEntryResponse(await createEntry(access, { ...fields, project_id: projectId }, "mcp"));
    return {
      structured: entry,
      summary: `Logged entry ${entry.id} at ${entry.recorded_at}${entry.project ? ` in ${entry.project.name}` : ""}. In Worklog: ${entryLink(origin, entry)}`,
    };
  },
});

export const searchWorklogTool = defineTool({
  name: "search_worklog",
  title: "Search the worklog",
  description:
    'Find worklog entries, newest first: `q` searches their text and tags ("exact phrase", `or`, `-excluded`); `project_id`, `tags` (comma-separated), `reference` (an issue\'s key: `PAY-142`, `owner/repo#311`), `source` (`mcp` for what agents logged), `author_id` (a user id, or `me` for your own), `from` and `to` (dates or timestamps) narrow the list. Returns a page of entries with their ids and `meta` for the next page (`starting_after`).',
  operation: worklogOperations.list,
  arguments: "query",
  input: entryListQuerySchema,
  output: entryListResponseSchema,
  async run({ access, input, origin }) {
    // The page as PostgreSQL writes it for the API, parsed once: cheaper than the driver's rows (README, "What the hot paths do, and why").
    const { rows, meta } = await listEntriesAsJson(access, input);
    const entries = JSON.parse(`[${rows.map((row) => row.json).join(",")}]`) as EntryResponse[];
    const { q, project_id, reference, from, to } = input;
    const link = `${origin}${worklogHref({ q, project_id, tags: input.tags?.join(","), reference, from: boundText(from), to: boundText(to) })}`;
    const matches = meta.total_count_exact ? plural(meta.total_count, "entry matches", "entries match") : `More than ${meta.total_count} entries match`;
    const heading = `${matches}; ${entries.length} here. In Worklog: ${link}`;
    return { structured: { entries, meta }, summary: [heading, ...entries.map(entryLine)].join("\n") + moreLine(meta) };
  },
});

export const suggestEntriesTool = defineTool({
  name: "suggest_entries",
  title: "Suggest entries from unlogged commits",
  description:
    "List the work not logged yet, to write the day's entries from the day's commits: the commits no entry cites, one suggestion per repository and day (in the account's time zone), and merged pull requests, each with a drafted markdown `content`, the `recorded_at` to give the entry, its repository's `project_id` and its commits (the oldest 100 at most; `commit_count` says how many the day has, and once these are logged the next ones are suggested). `from` and `to` (dates or timestamps) choose the period: by default the last 14 days, at most 92. To log a suggestion, call log_work with its content (reworded as you see fit), `recorded_at`, `project` (the repository's project_id) and `commit_ids` (its commits' ids): cited commits drop out of the suggestions.",
  operation: worklogOperations.listSuggestions,
  arguments: "query",
  input: suggestionQuerySchema,
  output: suggestionListResponseSchema,
  async run({ access, input, origin }) {
    const suggestions = await listSuggestions(access, input);
    const heading =
      suggestions.length === 0
        ? "Nothing to log: every commit of the period is in an entry or dismissed."
        : `${plural(suggestions.length, "suggestion", "suggestions")}, newest day first. In Worklog: ${origin}/`;
    return { structured: { suggestions }, summary: [heading, ...suggestions.flatMap(suggestionLines)].join("\n") };
  },
});

export const attachCommitsTool = defineTool({
  name: "attach_commits",
  title: "Attach commits to an entry",
  description:
    "Attach recorded commits (their ids, from record_commits) to a worklog entry; attaching one twice changes nothing. Returns the entry with all its commit ids.",
  operation: worklogOperations.attachCommits,
  arguments: "body",
  input: attachCommitsInputSchema,
  output: entryResponseSchema,
  async run({ access, input, origin }) {
    const entry = toEntryResponse(await attachCommits(access, input.entry_id, input));
    return {
      structured: entry,
      summary: `Entry ${entry.id} has ${plural(entry.commit_ids.length, "commit", "commits")}. In Worklog: ${entryLink(origin, entry)}`,
    };
  },
});

export const bulkUpdateEntriesTool = defineTool({
  name: "bulk_update_entries",
  title: "Change or delete many entries",
  description:
    'Apply one action to up to 500 worklog entries (their ids, from search_worklog), all of them or none: `{"type": "add_tag", "tag": …}`, `{"type": "remove_tag", "tag": …}`, `{"type": "move_to_project", "project_id": … or null}` or `{"type": "delete"}` (which cannot be undone here). Returns the entries as changed, or as they were when deleted.',
  operation: worklogOperations.bulk,
  arguments: "body",
  input: entryBulkSchema,
  output: entryBulkResponseSchema,
  async run({ access, input, origin }) {
    const entries = (await bulkEditEntries(access, input)).entries.map(toEntryResponse);
    const done = input.action.type === "delete" ? "Deleted" : "Changed";
    return {
      structured: { entries },
      summary: [`${done} ${plural(entries.length, "entry", "entries")}. In Worklog: ${origin}/`, ...entries.map(entryLine)].join("\n"),
    };
  },
});

export const startTimerTool = defineTool({
  name: "start_timer",
  title: "Start a timer",
  description:
    "Start timing work now: a running entry that `stop_timer` ends, its duration the time in between. A timer already running is stopped first (returned as `stopped`). `content` says what the work is; `project` takes a project's id or identifier.",
  operation: timerOperations.start,
  arguments: "body",
  input: startTimerInputSchema,
  output: timerStartResponseSchema,
  async run({ access, input: { project, ...fields }, origin }) {
    const projectId = await projectIdOf(access, project);
    const { timer, stopped } = await startTimer(access, { ...fields, project_id: projectId }, "mcp");
    const started = toEntryResponse(timer);
    const ended = stopped && toEntryResponse(stopped);
    const stoppedLine = ended ? ` Stopped the timer before it: ${ended.duration_seconds} s (entry ${ended.id}).` : "";
    return {
      structured: { timer: started, stopped: ended },
      summary: `Timer started at ${started.recorded_at} (entry ${started.id}).${stoppedLine} In Worklog: ${entryLink(origin, started)}`,
    };
  },
});

export const stopTimerTool = defineTool({
  name: "stop_timer",
  title: "Stop the timer",
  description: "Stop the running timer: its entry gets the seconds it ran as `duration_seconds`. Fails when no timer runs.",
  operation: timerOperations.stop,
  arguments: "body",
  input: z.object({}),
  output: timerResponseSchema,
  async run({ access, origin }) {
    const entry = toEntryResponse(await stopTimer(access));
    return {
      structured: { timer: entry },
      summary: `Timer stopped: ${entry.duration_seconds} s (entry ${entry.id}). In Worklog: ${entryLink(origin, entry)}`,
    };
  },
});
