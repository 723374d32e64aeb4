import { z } from "zod";
import { insertRows, type BulkColumns } from "@/lib/db/bulk-insert";
import { getDb, type Commit, type Transaction, type User, type WorklogEntry, type WorklogEntryCommit } from "@/lib/db/client";
import { isLockTimeout } from "@/lib/db/errors";
import { newId } from "@/lib/db/ids";
import { AppError, type FieldIssue } from "@/lib/errors";
import { fieldIssues, idSchema } from "@/lib/validation";
import type { EntrySource } from "@/lib/worklog/sources";
import {
  importedCommitSchema,
  importedEntrySchema,
  importedProjectSchema,
  importedRepositorySchema,
  jrnlEntrySchema,
  jrnlImportSchema,
  worklogImportSchema,
  type ImportCounts,
  type ImportedCommit,
  type ImportedEntry,
  type ImportedProject,
  type ImportedRepository,
  type ImportFormat,
  type ImportSummary,
} from "./import-schemas";
import { jrnlEntries } from "./jrnl";

/** Everything a document brings, valid, its references naming items of the document. */
type ImportPlan = { projects: ImportedProject[]; repositories: ImportedRepository[]; commits: ImportedCommit[]; entries: ImportedEntry[] };

/** Rows per statement (projects and repositories: parameters, far below PostgreSQL's 65 535). */
const BATCH_SIZE = 1000;

const entryColumns = {
  id: ["id", "uuid"],
  userId: ["user_id", "uuid"],
  projectId: ["project_id", "uuid"],
  content: ["content", "text"],
  recordedAt: ["recorded_at", "timestamptz"],
  durationSeconds: ["duration_seconds", "integer"],
  tags: ["tags", "text[]"],
  source: ["source", '"EntrySource"'],
  updatedAt: ["updated_at", "timestamptz"],
} satisfies BulkColumns<WorklogEntry>;

const commitColumns = {
  id: ["id", "uuid"],
  userId: ["user_id", "uuid"],
  repositoryId: ["repository_id", "uuid"],
  sha: ["sha", "text"],
  message: ["message", "text"],
  committedAt: ["committed_at", "timestamptz"],
  authorName: ["author_name", "text"],
  authorEmail: ["author_email", "text"],
  updatedAt: ["updated_at", "timestamptz"],
} satisfies BulkColumns<Commit>;

const linkColumns = { entryId: ["entry_id", "uuid"], commitId: ["commit_id", "uuid"] } satisfies BulkColumns<WorklogEntryCommit>;

const duplicate = (pointer: string): FieldIssue => ({ pointer, detail: "Duplicate value", message: "Appears more than once in the document" });
const unknownReference = (pointer: string): FieldIssue => ({ pointer, detail: "Invalid value", message: "Names no item of the document" });

/** Every item of a list that its schema accepts, in place (undefined where it refuses), its problems added to `issues`. */
function parseItems<Schema extends z.ZodType>(schema: Schema, items: unknown, at: string, issues: FieldIssue[]): (z.output<Schema> | undefined)[] {
  if (!Array.isArray(items)) return [];
  return items.map((item, index) => {
    const result = schema.safeParse(item);
    if (result.success) return result.data;
    issues.push(...fieldIssues(result.error, item).map((issue) => ({ ...issue, pointer: `${at}/${index}${issue.pointer}` })));
    return undefined;
  });
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
function duplicates<T>(items: (T | undefined)[], at: string, field: string, key: (item: T) => string): FieldIssue[] {
  const seen = new Set<string>();
  return items.flatMap((item, index) => {
    if (item === undefined) return [];
    const value = key(item);
    if (!seen.has(value)) {
      seen.add(value);
      return [];
    }
    return [duplicate(`${at}/${index}/${field}`)];
  });
}

const defined = <T>(items: (T | undefined)[]): T[] => items.filter((item): item is T => item !== undefined);

/** The document's frame: its format and version, and lists where the items go (checked one by one). */
const documentFrameSchema = worklogImportSchema.extend({
  projects: z.array(z.unknown()),
  repositories: z.array(z.unknown()),
  commits: z.array(z.unknown()),
  entries: z.array(z.unknown()),
});

/**
 * Checks a Worklog export document (lib/data/import-schemas.ts) as a whole: every item by its
 * create rules, ids and unique values once each, every reference to an item of the document.
 * Throws the 422 with every problem at once.
 */
export function checkWorklogDocument(body: Record<string, unknown>): ImportPlan {
  const issues: FieldIssue[] = [];
  const frame = documentFrameSchema.safeParse(body);
  if (!frame.success) issues.push(...fieldIssues(frame.error, body));

  const projects = parseItems(importedProjectSchema, body.projects, "/projects", issues);
  const repositories = parseItems(importedRepositorySchema, body.repositories, "/repositories", issues);
  const commits = parseItems(importedCommitSchema, body.commits, "/commits", issues);
  const entries = parseItems(importedEntrySchema, body.entries, "/entries", issues);

  issues.push(
    ...duplicates(projects, "/projects", "id", (project) => project.id),
    ...duplicates(projects, "/projects", "identifier", (project) => project.identifier),
    ...duplicates(repositories, "/repositories", "id", (repository) => repository.id),
    ...duplicates(repositories, "/repositories", "name", (repository) => repository.name),
    ...duplicates(commits, "/commits", "id", (commit) => commit.id),
    ...duplicates(commits, "/commits", "sha", (commit) => `${commit.repository_id} ${commit.sha}`),
    ...duplicates(entries, "/entries", "id", (entry) => entry.id),
  );

  // References are checked on every item, valid or not, so that all their problems are listed at once.
  const projectIds = documentIds(body.projects);
  const repositoryIds = documentIds(body.repositories);
  const commitIds = documentIds(body.commits);
  const reference = (value: unknown, known: Set<string>, pointer: string) => {
    const id = idSchema.safeParse(value);
    if (id.success && !known.has(id.data)) issues.push(unknownReference(pointer));
  };
  rawItems(body.repositories).forEach((repository, index) => reference(repository.project_id, projectIds, `/repositories/${index}/project_id`));
  rawItems(body.commits).forEach((commit, index) => reference(commit.repository_id, repositoryIds, `/commits/${index}/repository_id`));
  rawItems(body.entries).forEach((entry, index) => {
    reference(entry.project_id, projectIds, `/entries/${index}/project_id`);
    if (Array.isArray(entry.commit_ids)) entry.commit_ids.forEach((commitId: unknown, position) => reference(commitId, commitIds, `/entries/${index}/commit_ids/${position}`));
  });

  if (issues.length > 0) throw AppError.validation(issues);
  return { projects: defined(projects), repositories: defined(repositories), commits: defined(commits), entries: defined(entries) };
}

/** Checks a `jrnl --export json` document; its entries become the account's, read in `timeZone`. */
export function checkJrnlDocument(body: Record<string, unknown>, timeZone: string): ImportPlan {
  const issues: FieldIssue[] = [];
  const frame = jrnlImportSchema.extend({ entries: z.array(z.unknown()) }).safeParse(body);
  if (!frame.success) issues.push(...fieldIssues(frame.error, body));
  const { entries, issues: valueIssues } = jrnlEntries(parseItems(jrnlEntrySchema, body.entries, "/entries", issues), timeZone);
  issues.push(...valueIssues);
  if (issues.length > 0) throw AppError.validation(issues);
  return { projects: [], repositories: [], commits: [], entries };
}

function* batches<T>(items: T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += BATCH_SIZE) yield items.slice(start, start + BATCH_SIZE);
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (const batch of batches(rows)) await insert(batch);
}

/** The account's rows matching the keys, read a batch of keys at a time. */
async function findInBatches<Key, Row>(keys: Key[], find: (batch: Key[]) => Promise<Row[]>): Promise<Row[]> {
  const rows: Row[] = [];
  for (const batch of batches(keys)) rows.push(...(await find(batch)));
  return rows;
}

/**
 * Splits the document's items into those the account has already (by `key`) and new ones, and
 * records for each the account's id that references to it become: the match's, or a new one.
 * New ids are made from the end of the list: an export lists newest first, and ids order the
 * lists by creation, so the imported lists keep the exported order.
 */
function matchItems<T extends { id: string }>(items: T[], existing: Map<string, string>, key: (item: T) => string, accountIds: Map<string, string>) {
  const created: (T & { newId: string })[] = [];
  for (const item of items.toReversed()) {
    const match = existing.get(key(item));
    if (match) {
      accountIds.set(item.id, match);
      continue;
    }
    const id = newId();
    accountIds.set(item.id, id);
    created.push({ ...item, newId: id });
  }
  return { created, skipped: items.length - created.length };
}

const entryKey = (recordedAt: Date, content: string) => `${recordedAt.toISOString()} ${content}`;

/**
 * How long a statement of the import may wait for a lock once the import holds the account's
 * counters row. Any write of the account the import could wait for (a project of the same
 * identifier being created, a project it references being deleted) has written its rows and ends
 * its statement on that row: it waits for the import, and the import would wait for it for ever,
 * a deadlock, which PostgreSQL breaks after `deadlock_timeout` (1 s unless configured) by failing
 * one of the two. Far below that, the import gives up first, lets that write finish, and starts
 * again (IMPORT_ATTEMPTS), reading what the write left.
 */
const ROW_WAIT = "50ms";
const IMPORT_ATTEMPTS = 5;

/**
 * Writes the plan into the account in one transaction, a batch of rows per statement: what the
 * account has already (projects by identifier, repositories by name, commits by repository and
 * sha, entries by time and content) is skipped, and references to it are remapped to it. A
 * transaction that met another write of the account (ROW_WAIT) is rolled back and run again.
 */
async function writePlan(userId: string, plan: ImportPlan, source: EntrySource): Promise<ImportSummary> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await writePlanOnce(userId, plan, source);
    } catch (error) {
      if (!isLockTimeout(error) || attempt === IMPORT_ATTEMPTS) throw error;
    }
  }
}

async function writePlanOnce(userId: string, plan: ImportPlan, source: EntrySource): Promise<ImportSummary> {
  return getDb().$transaction(
    async (transaction) => {
      // Every counted insert ends on this row: holding it first, the import waits behind the
      // account's writes that hold it (README.md, "What the hot paths do"); those that have not
      // reached it yet wait for the import, which must not then wait for them (ROW_WAIT).
      await transaction.$queryRaw`SELECT 1 FROM account_counters WHERE user_id = ${userId}::uuid FOR UPDATE`;
      await transaction.$executeRawUnsafe(`SET LOCAL lock_timeout = '${ROW_WAIT}'`);
      const created: ImportCounts = { projects: 0, repositories: 0, commits: 0, entries: 0 };
      const skipped: ImportCounts = { projects: 0, repositories: 0, commits: 0, entries: 0 };

      const projectIds = new Map<string, string>();
      const projects = await importProjects(transaction, userId, plan.projects, projectIds);
      const repositoryIds = new Map<string, string>();
      const repositories = await importRepositories(transaction, userId, plan.repositories, projectIds, repositoryIds);
      const commitIds = new Map<string, string>();
      const commits = await importCommits(transaction, userId, plan.commits, repositoryIds, commitIds);
      const entries = await importEntries(transaction, userId, plan.entries, projectIds, commitIds, source);
      for (const [kind, result] of Object.entries({ projects, repositories, commits, entries }) as [keyof ImportCounts, { created: number; skipped: number }][]) {
        created[kind] = result.created;
        skipped[kind] = result.skipped;
      }
      return { created, skipped };
    },
    // A large import is many statements; the default 20 s is for requests of a few.
    { timeout: 120_000 },
  );
}

async function importProjects(transaction: Transaction, userId: string, projects: ImportedProject[], projectIds: Map<string, string>) {
  const found = await findInBatches([...new Set(projects.map((project) => project.identifier))], (identifiers) =>
    transaction.project.findMany({ where: { userId, identifier: { in: identifiers } }, select: { id: true, identifier: true } }),
  );
  const { created, skipped } = matchItems(projects, new Map(found.map((project) => [project.identifier, project.id])), (project) => project.identifier, projectIds);
  await insertInBatches(created, (batch) =>
    transaction.project.createMany({
      data: batch.map((project) => ({ id: project.newId, userId, name: project.name, description: project.description ?? null, identifier: project.identifier })),
    }),
  );
  return { created: created.length, skipped };
}

async function importRepositories(transaction: Transaction, userId: string, repositories: ImportedRepository[], projectIds: Map<string, string>, repositoryIds: Map<string, string>) {
  const found = await findInBatches([...new Set(repositories.map((repository) => repository.name))], (names) =>
    transaction.repository.findMany({ where: { userId, name: { in: names } }, select: { id: true, name: true } }),
  );
  const { created, skipped } = matchItems(repositories, new Map(found.map((repository) => [repository.name, repository.id])), (repository) => repository.name, repositoryIds);
  await insertInBatches(created, (batch) =>
    transaction.repository.createMany({
      data: batch.map((repository) => ({
        id: repository.newId,
        userId,
        name: repository.name,
        projectId: repository.project_id ? projectIds.get(repository.project_id)! : null,
        localPath: repository.local_path ?? null,
        remoteUrl: repository.remote_url ?? null,
        defaultBranch: repository.default_branch ?? null,
      })),
    }),
  );
  return { created: created.length, skipped };
}

async function importCommits(transaction: Transaction, userId: string, commits: ImportedCommit[], repositoryIds: Map<string, string>, commitIds: Map<string, string>) {
  const accountRepositoryIds = [...new Set(commits.map((commit) => repositoryIds.get(commit.repository_id)!))];
  const found = await findInBatches(accountRepositoryIds, (ids) =>
    transaction.commit.findMany({ where: { userId, repositoryId: { in: ids } }, select: { id: true, repositoryId: true, sha: true } }),
  );
  const { created, skipped } = matchItems(
    commits,
    new Map(found.map((commit) => [`${commit.repositoryId} ${commit.sha}`, commit.id])),
    (commit) => `${repositoryIds.get(commit.repository_id)} ${commit.sha}`,
    commitIds,
  );
  const now = new Date();
  await insertInBatches(created, (batch) =>
    insertRows(
      transaction,
      "commits",
      commitColumns,
      batch.map((commit) => ({
        id: commit.newId,
        userId,
        repositoryId: repositoryIds.get(commit.repository_id)!,
        sha: commit.sha,
        message: commit.message,
        committedAt: commit.committed_at,
        authorName: commit.author_name ?? null,
        authorEmail: commit.author_email ?? null,
        updatedAt: now,
      })),
    ),
  );
  return { created: created.length, skipped };
}

async function importEntries(
  transaction: Transaction,
  userId: string,
  entries: ImportedEntry[],
  projectIds: Map<string, string>,
  commitIds: Map<string, string>,
  source: EntrySource,
) {
  // One statement, one parameter, however many entries: the account's entries at the document's times.
  const times = JSON.stringify([...new Set(entries.map((entry) => entry.recorded_at.toISOString()))]);
  const found = await transaction.$queryRaw<{ id: string; recordedAt: Date | string; content: string }[]>`
    SELECT id, recorded_at AS "recordedAt", content FROM worklog_entries
    WHERE user_id = ${userId}::uuid AND recorded_at = ANY(ARRAY(SELECT jsonb_array_elements_text(${times}::jsonb)::timestamptz))`;
  const { created, skipped } = matchItems(
    entries,
    new Map(found.map((entry) => [entryKey(new Date(entry.recordedAt), entry.content), entry.id])),
    (entry) => entryKey(entry.recorded_at, entry.content),
    new Map(),
  );
  const now = new Date();
  await insertInBatches(created, (batch) =>
    insertRows(
      transaction,
      "worklog_entries",
      entryColumns,
      batch.map((entry) => ({
        id: entry.newId,
        userId,
        content: entry.content,
        recordedAt: entry.recorded_at,
        durationSeconds: entry.duration_seconds ?? null,
        tags: entry.tags ?? [],
        projectId: entry.project_id ? projectIds.get(entry.project_id)! : null,
        source: entry.source ?? source,
        updatedAt: now,
      })),
    ),
  );
  const links = created.flatMap((entry) => [...new Set((entry.commit_ids ?? []).map((commitId) => commitIds.get(commitId)!))].map((commitId) => ({ entryId: entry.newId, commitId })));
  await insertInBatches(links, (batch) => insertRows(transaction, "worklog_entry_commits", linkColumns, batch));
  return { created: created.length, skipped };
}

/**
 * Imports a document into the account (docs/api.md, "Import"): Worklog's own export, or jrnl's.
 * An invalid document is a 422 listing every problem, and nothing is written. Entries keep the
 * source their document gives and otherwise get `source`, the importer's.
 */
export async function importDocument(user: User, format: ImportFormat, body: Record<string, unknown>, source: EntrySource): Promise<ImportSummary> {
  const plan = format === "jrnl" ? checkJrnlDocument(body, user.timezone) : checkWorklogDocument(body);
  return writePlan(user.id, plan, source);
}
