import { z } from "zod";
import type { FieldIssue } from "@/lib/errors";
import { idSchema } from "@/lib/validation";
import {
  importedCommitSchema,
  importedEntrySchema,
  importedProjectSchema,
  importedRepositorySchema,
  jrnlEntrySchema,
  jrnlImportSchema,
  worklogImportSchema,
  type ImportedCommit,
  type ImportedEntry,
  type ImportedProject,
  type ImportedRepository,
  type ImportFormat,
} from "./import-schemas";
import { ImportProblems, refuseLongLists, takeTurns } from "./import-problems";
import { jrnlEntries } from "./jrnl";

/** Everything a document brings, valid, its references naming items of the document. */
export type ImportPlan = { projects: ImportedProject[]; repositories: ImportedRepository[]; commits: ImportedCommit[]; entries: ImportedEntry[] };

const duplicate = (pointer: string): FieldIssue => ({ pointer, detail: "Duplicate value", message: "Appears more than once in the document" });
const unknownReference = (pointer: string): FieldIssue => ({ pointer, detail: "Invalid value", message: "Names no item of the document" });

/** Every item of a list that its schema accepts, in place (undefined where it refuses), its problems added to `problems`. */
async function parseItems<Schema extends z.ZodType>(
  schema: Schema,
  items: unknown,
  at: string,
  problems: ImportProblems,
): Promise<(z.output<Schema> | undefined)[]> {
  if (!Array.isArray(items)) return [];
  const parsed: (z.output<Schema> | undefined)[] = [];
  for (const [index, item] of items.entries()) {
    await takeTurns(index);
    const result = schema.safeParse(item);
    if (!result.success) problems.addRefusal(result.error, item, `${at}/${index}`);
    parsed.push(result.success ? result.data : undefined);
  }
  return parsed;
}

/** The objects of a list as sent, before any check. */
function rawItems(items: unknown): Record<string, unknown>[] {
  return Array.isArray(items) ? items.map((item: unknown) => (item !== null && typeof item === "object" ? (item as Record<string, unknown>) : {})) : [];
}

/** The ids a list's items carry, valid items or not: a reference to an item with problems of its own is not a problem too. */
function documentIds(items: unknown): Set<string> {
  return new Set(rawItems(items).flatMap((item) => (typeof item.id === "string" ? [item.id.trim().toLowerCase()] : [])));
}

/** A `Duplicate value` at each item whose key an earlier item of the list has. */
async function findDuplicates<T>(items: (T | undefined)[], at: string, field: string, key: (item: T) => string, problems: ImportProblems): Promise<void> {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    await takeTurns(index);
    if (item === undefined) continue;
    const value = key(item);
    if (seen.has(value)) problems.add(duplicate(`${at}/${index}/${field}`));
    else seen.add(value);
  }
}

const defined = <T>(items: (T | undefined)[]): T[] => items.filter((item): item is T => item !== undefined);

const worklogLists = ["projects", "repositories", "commits", "entries"] as const;

/** The document's frame: its format and version, and lists where the items go (checked one by one). */
const documentFrameSchema = worklogImportSchema.extend({
  projects: z.array(z.unknown()),
  repositories: z.array(z.unknown()),
  commits: z.array(z.unknown()),
  entries: z.array(z.unknown()),
});

/** Problems at every reference to an id the document does not hold, on every item, valid or not, so that all its problems are listed at once. */
async function findUnknownReferences(body: Record<string, unknown>, problems: ImportProblems): Promise<void> {
  const projectIds = documentIds(body.projects);
  const repositoryIds = documentIds(body.repositories);
  const commitIds = documentIds(body.commits);
  const reference = (value: unknown, known: Set<string>, pointer: string) => {
    const id = idSchema.safeParse(value);
    if (id.success && !known.has(id.data)) problems.add(unknownReference(pointer));
  };
  for (const [index, repository] of rawItems(body.repositories).entries()) {
    await takeTurns(index);
    reference(repository.project_id, projectIds, `/repositories/${index}/project_id`);
  }
  for (const [index, commit] of rawItems(body.commits).entries()) {
    await takeTurns(index);
    reference(commit.repository_id, repositoryIds, `/commits/${index}/repository_id`);
  }
  for (const [index, entry] of rawItems(body.entries).entries()) {
    await takeTurns(index);
    reference(entry.project_id, projectIds, `/entries/${index}/project_id`);
    if (Array.isArray(entry.commit_ids))
      entry.commit_ids.forEach((commitId: unknown, position) => reference(commitId, commitIds, `/entries/${index}/commit_ids/${position}`));
  }
}

/**
 * Checks a Worklog export document (lib/data/import-schemas.ts) as a whole: every item by its
 * create rules, ids and unique values once each, every reference to an item of the document.
 * Throws the 422 with the first 100 problems and the number of the others (lib/data/import-problems.ts).
 */
export async function checkWorklogDocument(body: Record<string, unknown>): Promise<ImportPlan> {
  refuseLongLists(body, worklogLists);
  const problems = new ImportProblems();
  const frame = documentFrameSchema.safeParse(body);
  if (!frame.success) problems.addRefusal(frame.error, body, "");

  const projects = await parseItems(importedProjectSchema, body.projects, "/projects", problems);
  const repositories = await parseItems(importedRepositorySchema, body.repositories, "/repositories", problems);
  const commits = await parseItems(importedCommitSchema, body.commits, "/commits", problems);
  const entries = await parseItems(importedEntrySchema, body.entries, "/entries", problems);

  await findDuplicates(projects, "/projects", "id", (project) => project.id, problems);
  await findDuplicates(projects, "/projects", "identifier", (project) => project.identifier, problems);
  await findDuplicates(repositories, "/repositories", "id", (repository) => repository.id, problems);
  await findDuplicates(repositories, "/repositories", "name", (repository) => repository.name, problems);
  await findDuplicates(commits, "/commits", "id", (commit) => commit.id, problems);
  await findDuplicates(commits, "/commits", "sha", (commit) => `${commit.repository_id} ${commit.sha}`, problems);
  await findDuplicates(entries, "/entries", "id", (entry) => entry.id, problems);
  await findUnknownReferences(body, problems);

  problems.throwIfAny();
  return { projects: defined(projects), repositories: defined(repositories), commits: defined(commits), entries: defined(entries) };
}

/** Checks a `jrnl --export json` document; its entries become the account's, read in `timeZone`. */
export async function checkJrnlDocument(body: Record<string, unknown>, timeZone: string): Promise<ImportPlan> {
  refuseLongLists(body, ["entries"]);
  const problems = new ImportProblems();
  const frame = jrnlImportSchema.extend({ entries: z.array(z.unknown()) }).safeParse(body);
  if (!frame.success) problems.addRefusal(frame.error, body, "");
  const entries = await jrnlEntries(await parseItems(jrnlEntrySchema, body.entries, "/entries", problems), timeZone, problems);
  problems.throwIfAny();
  return { projects: [], repositories: [], commits: [], entries };
}

/** Checks a document of either format (docs/api.md, "Export and import"). */
export function checkDocument(format: ImportFormat, body: Record<string, unknown>, timeZone: string): Promise<ImportPlan> {
  return format === "jrnl" ? checkJrnlDocument(body, timeZone) : checkWorklogDocument(body);
}

/** How many items a document holds, before any check. */
export function itemCount(body: Record<string, unknown>): number {
  return worklogLists.reduce((count, list) => count + (Array.isArray(body[list]) ? (body[list] as unknown[]).length : 0), 0);
}
