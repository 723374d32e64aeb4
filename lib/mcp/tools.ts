import { z } from "zod";
import type { Access } from "@/lib/access/context";
import { AppError } from "@/lib/errors";
import { projectOperations } from "@/lib/projects/operations";
import { createProject, findProjectId, listProjects } from "@/lib/projects/projects";
import { projectListResponseSchema, projectResponseSchema, toProjectResponse } from "@/lib/projects/responses";
import { projectCreateSchema, projectIdentifierSchema, projectListQuerySchema } from "@/lib/projects/schemas";
import { generateRecapNow } from "@/lib/recaps/generation";
import { recapOperations } from "@/lib/recaps/operations";
import { createRecap, getRecap } from "@/lib/recaps/recaps";
import { recapResponseSchema, toRecapResponse } from "@/lib/recaps/responses";
import { recapFiltersSchema } from "@/lib/recaps/schemas";
import { recordCommits } from "@/lib/repositories/commits";
import { repositoryOperations } from "@/lib/repositories/operations";
import { listRepositories } from "@/lib/repositories/repositories";
import { commitBatchResponseSchema, repositoryListResponseSchema, toCommitResponse, toRepositoryResponse } from "@/lib/repositories/responses";
import { commitBatchSchema, repositoryListQuerySchema } from "@/lib/repositories/schemas";
import type { RangeBound } from "@/lib/time";
import { idSchema, shortened } from "@/lib/validation";
import { bulkEditEntries } from "@/lib/worklog/bulk";
import { attachCommits, createEntry, listEntriesAsJson } from "@/lib/worklog/entries";
import { worklogHref } from "@/lib/worklog/filters";
import { timerOperations, worklogOperations } from "@/lib/worklog/operations";
import {
  entryBulkResponseSchema,
  entryListResponseSchema,
  entryResponseSchema,
  timerResponseSchema,
  timerStartResponseSchema,
  toEntryResponse,
} from "@/lib/worklog/responses";
import { attachCommitsSchema, entryBulkSchema, entryCreateSchema, entryListQuerySchema, timerStartSchema } from "@/lib/worklog/schemas";
import { suggestionListResponseSchema, suggestionQuerySchema, type Suggestion } from "@/lib/worklog/suggestion-schemas";
import { listSuggestions } from "@/lib/worklog/suggestions";
import { startTimer, stopTimer } from "@/lib/worklog/timer";
import { defineTool, type AnyMcpTool } from "./tool";

type EntryResponse = z.infer<typeof entryResponseSchema>;

/** The start of a text on one line, for a summary. */
function excerpt(text: string, length = 80): string {
  const line = text.trim().replaceAll(/\s+/g, " ");
  return shortened(line, length);
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The worklog page of an entry's day, in the account's time zone, where the web app shows it. */
/** The entry in the web app: its day in the worklog, the entry highlighted (`/?entry=<id>`). */
const entryLink = (origin: string, entry: EntryResponse) => `${origin}/?entry=${entry.id}`;

function entryLine(entry: EntryResponse): string {
  const project = entry.project ? ` [${entry.project.identifier}]` : "";
  return `- ${entry.recorded_at}${project} ${excerpt(entry.content)} (id ${entry.id})`;
}

/** A bound of a date range as the web app's URL takes it. */
const boundText = (bound: RangeBound | undefined) => bound && (bound.kind === "day" ? bound.date : bound.instant.toISOString());

const moreLine = (meta: { has_more: boolean; end_cursor: string | null }) =>
  meta.has_more ? `\nMore follow: call again with starting_after=${meta.end_cursor}.` : "";

/** log_work's `project`: one of the account's projects, by id or by identifier. */
const projectReferenceSchema = z
  .union([idSchema, projectIdentifierSchema])
  .meta({ description: "The project, by its id (a UUID) or its identifier (1–3 letters, e.g. `WEB`); list_projects shows both." });

const logWorkInputSchema = entryCreateSchema.omit({ project_id: true }).extend({ project: projectReferenceSchema.optional() });

const startTimerInputSchema = timerStartSchema.omit({ project_id: true }).extend({ project: projectReferenceSchema.optional() });

/** A suggestion as the agent reads it: what to pass to log_work, then the drafted content, indented. */
function suggestionLines(suggestion: Suggestion): string[] {
  const project = suggestion.repository.project_id ? `, project ${suggestion.repository.project_id}` : "";
  const commits = suggestion.commits.length > 0 ? `, commit_ids ${suggestion.commits.map((commit) => commit.id).join(",")}` : "";
  return [
    `- ${suggestion.day} ${suggestion.title} (id ${suggestion.id})`,
    `  recorded_at ${suggestion.recorded_at}${project}${commits}`,
    ...suggestion.content.split("\n").map((line) => `  > ${line}`),
  ];
}

const noSuchProject = () => AppError.validation([{ pointer: "/project", detail: "Invalid value" }]);

/** The id of the project a tool's `project` names, by id or identifier; none given, none. */
async function projectIdOf(access: Access, project: string | undefined): Promise<string | undefined> {
  if (project === undefined) return undefined;
  const projectId = await findProjectId(access, project);
  if (projectId === undefined) throw noSuchProject();
  return projectId;
}

const attachCommitsInputSchema = attachCommitsSchema.extend({ entry_id: idSchema.meta({ description: "The entry's id." }) });

const recordCommitsInputSchema = commitBatchSchema.extend({
  repository_id: idSchema.meta({ description: "The repository's id; list_repositories shows them." }),
});

const getRecapInputSchema = z.object({ recap_id: idSchema.meta({ description: "The recap's id, from generate_recap." }) });

/** Every tool of /api/mcp, each the counterpart of one /api/v1 operation. */
export const mcpTools: AnyMcpTool[] = [
  defineTool({
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
  }),
  defineTool({
    name: "search_worklog",
    title: "Search the worklog",
    description:
      'Find worklog entries, newest first: `q` searches their text and tags ("exact phrase", `or`, `-excluded`); `project_id`, `tags` (comma-separated), `source` (`mcp` for what agents logged), `from` and `to` (dates or timestamps) narrow the list. Returns a page of entries with their ids and `meta` for the next page (`starting_after`).',
    operation: worklogOperations.list,
    arguments: "query",
    input: entryListQuerySchema,
    output: entryListResponseSchema,
    async run({ access, input, origin }) {
      // The page as PostgreSQL writes it for the API, parsed once: cheaper than the driver's rows (README, "What the hot paths do, and why").
      const { rows, meta } = await listEntriesAsJson(access, input);
      const entries = JSON.parse(`[${rows.map((row) => row.json).join(",")}]`) as EntryResponse[];
      const { q, project_id, from, to } = input;
      const link = `${origin}${worklogHref({ q, project_id, tags: input.tags?.join(","), from: boundText(from), to: boundText(to) })}`;
      const heading = `${plural(meta.total_count, "entry matches", "entries match")}; ${entries.length} here. In Worklog: ${link}`;
      return { structured: { entries, meta }, summary: [heading, ...entries.map(entryLine)].join("\n") + moreLine(meta) };
    },
  }),
  defineTool({
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
  }),
  defineTool({
    name: "list_projects",
    title: "List projects",
    description: "List the account's projects, newest first, with their ids and identifiers (for log_work's `project`).",
    operation: projectOperations.list,
    arguments: "query",
    input: projectListQuerySchema,
    output: projectListResponseSchema,
    async run({ access, input, origin }) {
      const { rows, meta } = await listProjects(access, input.page, { updatedSince: input.updated_since });
      const projects = rows.map(toProjectResponse);
      const lines = projects.map((project) => `- ${project.identifier} ${project.name} (id ${project.id}): ${origin}/projects/${project.id}`);
      return { structured: { projects, meta }, summary: [`${plural(meta.total_count, "project", "projects")}.`, ...lines].join("\n") + moreLine(meta) };
    },
  }),
  defineTool({
    name: "create_project",
    title: "Create a project",
    description:
      "Create a project to group entries and repositories. Without an `identifier`, one is derived from the name's initials. Returns the project with its id.",
    operation: projectOperations.create,
    arguments: "body",
    input: projectCreateSchema,
    output: projectResponseSchema,
    async run({ access, input, origin }) {
      const project = toProjectResponse(await createProject(access, input));
      return { structured: project, summary: `Created project ${project.name} (${project.identifier}, id ${project.id}): ${origin}/projects/${project.id}` };
    },
  }),
  defineTool({
    name: "list_repositories",
    title: "List repositories",
    description: "List the account's repositories, newest first, optionally of one project (`project_id`). Returns them with their ids, for record_commits.",
    operation: repositoryOperations.list,
    arguments: "query",
    input: repositoryListQuerySchema,
    output: repositoryListResponseSchema,
    async run({ access, input, origin }) {
      const { rows, meta } = await listRepositories(access, input.page, { projectId: input.project_id, updatedSince: input.updated_since });
      const repositories = rows.map(toRepositoryResponse);
      const lines = repositories.map((repository) => `- ${repository.name} (id ${repository.id}): ${origin}/repositories/${repository.id}`);
      return {
        structured: { repositories, meta },
        summary: [`${plural(meta.total_count, "repository", "repositories")}.`, ...lines].join("\n") + moreLine(meta),
      };
    },
  }),
  defineTool({
    name: "record_commits",
    title: "Record commits",
    description:
      "Store commits of a repository (up to 1000 at once; a sha already stored is kept as it is). Returns every commit of the call with its id, for attach_commits.",
    operation: repositoryOperations.recordCommits,
    arguments: "body",
    input: recordCommitsInputSchema,
    output: commitBatchResponseSchema,
    async run({ access, input, origin }) {
      const commits = (await recordCommits(access, input.repository_id, input.commits)).map(toCommitResponse);
      const lines = commits.map((commit) => `- ${commit.sha.slice(0, 7)} ${excerpt(commit.message)} (id ${commit.id})`);
      return {
        structured: { commits },
        summary: [`${plural(commits.length, "commit", "commits")} in ${origin}/repositories/${input.repository_id}:`, ...lines].join("\n"),
      };
    },
  }),
  defineTool({
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
  }),
  defineTool({
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
  }),
  defineTool({
    name: "generate_recap",
    title: "Generate a recap",
    description:
      "Write a recap of the entries matching the filters (`from`, `to` as dates or timestamps, `project_ids`, `tags`, `exclude_tags`; without `from`, today, or for a standup the last three days) in a `template`: `summary` (default), `standup` (yesterday, today, blockers: use it for a daily standup), `weekly` (per project, with time and commits) or `brag` (outcomes for a review). Waits until it is complete, reporting progress as it is written. Returns the recap with its markdown `content`, whose every line links to the entries and commits it comes from (`sources`). The same filters and template with no entry changed give the earlier recap at once.",
    operation: recapOperations.create,
    arguments: "body",
    input: recapFiltersSchema,
    output: recapResponseSchema,
    async run({ access, input, origin, progress, signal }) {
      const created = await createRecap(access, input);
      if (!created.cached) {
        let written = 0;
        await generateRecapNow(created.recap.id, (piece) => progress((written += piece.length), piece), signal);
      }
      const recap = toRecapResponse(await getRecap(access, created.recap.id));
      const link = `${origin}/recaps/${recap.id}`;
      if (recap.status === "failed") return { structured: recap, summary: `${recap.error} ${link}`, failed: true };
      return { structured: recap, summary: `${recap.content}\n\nRecap ${recap.id}: ${link}` };
    },
  }),
  defineTool({
    name: "get_recap",
    title: "Get a recap",
    description: "Read a recap by its id: its `status` (`processing`, `completed` or `failed`), and its markdown `content` once completed.",
    operation: recapOperations.get,
    arguments: "body",
    input: getRecapInputSchema,
    output: recapResponseSchema,
    async run({ access, input, origin }) {
      const recap = toRecapResponse(await getRecap(access, input.recap_id));
      const link = `${origin}/recaps/${recap.id}`;
      return {
        structured: recap,
        summary:
          recap.status === "completed"
            ? `${recap.content}\n\nRecap ${recap.id}: ${link}`
            : `Recap ${recap.id} is ${recap.status}${recap.error ? `: ${recap.error}` : ""}. ${link}`,
      };
    },
  }),
  defineTool({
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
  }),
  defineTool({
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
  }),
];
