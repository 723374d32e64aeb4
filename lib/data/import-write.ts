import { createdBy, owned, ownedSql, ownerId, type Access } from "@/lib/access/context";
import { refreshEntryReferences } from "@/lib/references/entry-references";
import { insertRows, type BulkColumns } from "@/lib/db/bulk-insert";
import { getDb, type Transaction, type WorklogEntry, type WorklogEntryCommit } from "@/lib/db/client";
import { isLockTimeout } from "@/lib/db/errors";
import { newId } from "@/lib/db/ids";
import type { EntrySource } from "@/lib/worklog/sources";
import type { ImportPlan } from "./import-check";
import type { ImportCounts, ImportedCommit, ImportedEntry, ImportedProject, ImportedRepository, ImportSummary } from "./import-schemas";
import { fromCommitInput, writeCommits } from "@/lib/repositories/commit-writer";

/** Rows per statement (projects and repositories: parameters, far below PostgreSQL's 65 535). */
const BATCH_SIZE = 1000;

const entryColumns = {
  id: ["id", "uuid"],
  userId: ["user_id", "uuid"],
  workspaceId: ["workspace_id", "uuid"],
  projectId: ["project_id", "uuid"],
  content: ["content", "text"],
  recordedAt: ["recorded_at", "timestamptz"],
  durationSeconds: ["duration_seconds", "integer"],
  tags: ["tags", "text[]"],
  source: ["source", '"EntrySource"'],
  updatedAt: ["updated_at", "timestamptz"],
} satisfies BulkColumns<WorklogEntry>;

const linkColumns = { entryId: ["entry_id", "uuid"], commitId: ["commit_id", "uuid"] } satisfies BulkColumns<WorklogEntryCommit>;

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
 * Runs `work` in a transaction that first holds the account's counters row, and again when it
 * met another write of the account (ROW_WAIT), up to IMPORT_ATTEMPTS times.
 */
export async function inAccountTransaction<T>(access: Access, work: (transaction: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getDb().$transaction(
        async (transaction) => {
          // Every counted insert ends on this row: holding it first, the import waits behind the
          // account's writes that hold it (README.md, "What the hot paths do"); those that have not
          // reached it yet wait for the import, which must not then wait for them (ROW_WAIT).
          await transaction.$queryRaw`SELECT 1 FROM account_counters WHERE ${ownedSql(access)} FOR UPDATE`;
          await transaction.$executeRawUnsafe(`SET LOCAL lock_timeout = '${ROW_WAIT}'`);
          return work(transaction);
        },
        // A large import is many statements; the default 20 s is for requests of a few.
        { timeout: 120_000 },
      );
    } catch (error) {
      if (!isLockTimeout(error) || attempt === IMPORT_ATTEMPTS) throw error;
    }
  }
}

/**
 * Writes the plan into the account, a batch of rows per statement: what the account has already
 * (projects by identifier, repositories by name, commits by repository and sha, entries by time
 * and content) is skipped, and references to it are remapped to it.
 */
export async function writeItems(transaction: Transaction, access: Access, plan: ImportPlan, source: EntrySource): Promise<ImportSummary> {
  const created: ImportCounts = { projects: 0, repositories: 0, commits: 0, entries: 0 };
  const skipped: ImportCounts = { projects: 0, repositories: 0, commits: 0, entries: 0 };
  const projectIds = new Map<string, string>();
  const projects = await importProjects(transaction, access, plan.projects, projectIds);
  const repositoryIds = new Map<string, string>();
  const repositories = await importRepositories(transaction, access, plan.repositories, projectIds, repositoryIds);
  const commitIds = new Map<string, string>();
  const commits = await importCommits(transaction, access, plan.commits, repositoryIds, commitIds);
  const entries = await importEntries(transaction, access, plan.entries, projectIds, commitIds, source);
  for (const [kind, result] of Object.entries({ projects, repositories, commits, entries }) as [keyof ImportCounts, { created: number; skipped: number }][]) {
    created[kind] = result.created;
    skipped[kind] = result.skipped;
  }
  return { created, skipped };
}

/** Writes the plan into the account in one transaction (`writeItems`). */
export function writePlan(access: Access, plan: ImportPlan, source: EntrySource): Promise<ImportSummary> {
  return inAccountTransaction(access, (transaction) => writeItems(transaction, access, plan, source));
}

async function importProjects(transaction: Transaction, access: Access, projects: ImportedProject[], projectIds: Map<string, string>) {
  const found = await findInBatches([...new Set(projects.map((project) => project.identifier))], (identifiers) =>
    transaction.project.findMany({ where: { ...owned(access), identifier: { in: identifiers } }, select: { id: true, identifier: true } }),
  );
  const { created, skipped } = matchItems(
    projects,
    new Map(found.map((project) => [project.identifier, project.id])),
    (project) => project.identifier,
    projectIds,
  );
  await insertInBatches(created, (batch) =>
    transaction.project.createMany({
      data: batch.map((project) => ({
        id: project.newId,
        ...createdBy(access),
        name: project.name,
        description: project.description ?? null,
        identifier: project.identifier,
      })),
    }),
  );
  return { created: created.length, skipped };
}

async function importRepositories(
  transaction: Transaction,
  access: Access,
  repositories: ImportedRepository[],
  projectIds: Map<string, string>,
  repositoryIds: Map<string, string>,
) {
  const found = await findInBatches([...new Set(repositories.map((repository) => repository.name))], (names) =>
    transaction.repository.findMany({ where: { ...owned(access), name: { in: names } }, select: { id: true, name: true } }),
  );
  const { created, skipped } = matchItems(
    repositories,
    new Map(found.map((repository) => [repository.name, repository.id])),
    (repository) => repository.name,
    repositoryIds,
  );
  await insertInBatches(created, (batch) =>
    transaction.repository.createMany({
      data: batch.map((repository) => ({
        id: repository.newId,
        ...createdBy(access),
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

async function importCommits(
  transaction: Transaction,
  access: Access,
  commits: ImportedCommit[],
  repositoryIds: Map<string, string>,
  commitIds: Map<string, string>,
) {
  const accountRepositoryIds = [...new Set(commits.map((commit) => repositoryIds.get(commit.repository_id)!))];
  const found = await findInBatches(accountRepositoryIds, (ids) =>
    transaction.commit.findMany({ where: { ...owned(access), repositoryId: { in: ids } }, select: { id: true, repositoryId: true, sha: true } }),
  );
  const { created, skipped } = matchItems(
    commits,
    new Map(found.map((commit) => [`${commit.repositoryId} ${commit.sha}`, commit.id])),
    (commit) => `${repositoryIds.get(commit.repository_id)} ${commit.sha}`,
    commitIds,
  );
  await writeCommits(
    transaction,
    access,
    created.map((commit) => ({ ...fromCommitInput(repositoryIds.get(commit.repository_id)!, commit), id: commit.newId })),
  );
  return { created: created.length, skipped };
}

export async function importEntries(
  transaction: Transaction,
  access: Access,
  entries: ImportedEntry[],
  projectIds: Map<string, string>,
  commitIds: Map<string, string>,
  source: EntrySource,
) {
  // One statement, one parameter, however many entries: the account's entries at the document's times.
  const times = JSON.stringify([...new Set(entries.map((entry) => entry.recorded_at.toISOString()))]);
  const found = await transaction.$queryRaw<{ id: string; recordedAt: Date | string; content: string }[]>`
    SELECT id, recorded_at AS "recordedAt", content FROM worklog_entries
    WHERE ${ownedSql(access)} AND recorded_at = ANY(ARRAY(SELECT jsonb_array_elements_text(${times}::jsonb)::timestamptz))`;
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
        ...createdBy(access),
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
  const links = created.flatMap((entry) =>
    [...new Set((entry.commit_ids ?? []).map((commitId) => commitIds.get(commitId)!))].map((commitId) => ({ entryId: entry.newId, commitId })),
  );
  await insertInBatches(links, (batch) => insertRows(transaction, "worklog_entry_commits", linkColumns, batch));
  await refreshEntryReferences(
    transaction,
    ownerId(access),
    created.map((entry) => entry.newId),
  );
  return { created: created.length, skipped };
}
