import { createdBy, ownedSql, ownerId, readableEntries, writableEntries, writableEntriesSql, type Access } from "@/lib/access/context";
import { paginateByCursor, type KeysetQuery } from "@/lib/api/cursor-pagination";
import { changedSinceRead, type VersionCondition } from "@/lib/api/preconditions";
import { getDb, type Commit, type Transaction, type WorklogEntry } from "@/lib/db/client";
import { isForeignKeyViolation, isRecordMissing } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { checkProjectReference, invalidProjectReference } from "@/lib/projects/projects";
import { commitMessages, referencesAfterChange, referencesOf, refreshEntryReferences, type StoredReferences } from "@/lib/references/entry-references";
import { countsEveryEntry } from "./entry-filter-sql";
import { countEntries, insertEntry, putBackEntry, selectEntryJsonPage, selectEntryPage, type NewEntry } from "./entry-sql";
import { refusedEntryChange } from "./entry-refusal";
import { entryInclude, withAuthorName, writtenBy, type EntryWithRelations } from "./entry-with-relations";
import type { AttachCommits, EntryCreate, EntryListFilters, EntryListQuery, EntryRestore, EntryUpdate } from "./schemas";
import type { EntrySource } from "./sources";

/**
 * A missing entry is a 404, or what `missing` says (refusedEntryChange); a project deleted since
 * it was checked is an invalid reference.
 */
export async function writeEntry<T>(write: () => Promise<T>, missing = async () => AppError.notFound()): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isRecordMissing(error)) throw await missing();
    if (isForeignKeyViolation(error)) throw invalidProjectReference();
    throw error;
  }
}

/**
 * A page of the account's entries, whose statement reads the list's total too: the counters' for
 * every entry of the workspace, else a count bounded at COUNT_BOUND (entry-sql.ts).
 */
function entryList<Row extends { id: string; total: number }>(
  access: Access,
  { page, ...filters }: EntryListQuery,
  select: (access: Access, filters: EntryListFilters, query: KeysetQuery) => Promise<Row[]>,
) {
  return paginateByCursor(page, {
    kind: "entry",
    access,
    fetchRows: (query) => select(access, filters, query),
    countAll: () => countEntries(access, filters),
    totalInRows: true,
    boundedCount: !countsEveryEntry(access, filters),
  });
}

export const listEntries = (access: Access, query: EntryListQuery) => entryList(access, query, selectEntryPage);

/** The same page, each entry as the API's JSON text, as PostgreSQL wrote it (lib/db/json-shape.ts), with its total. */
export const listEntriesAsJson = (access: Access, query: EntryListQuery) => entryList(access, query, selectEntryJsonPage);

export async function getEntry(access: Access, id: string) {
  const entry = await getDb().worklogEntry.findFirst({ where: { id, ...readableEntries(access) }, include: entryInclude });
  if (!entry) throw AppError.notFound();
  return withAuthorName(entry);
}

function newEntry(input: EntryCreate, source: EntrySource, references: StoredReferences): NewEntry {
  return {
    ...references,
    source,
    content: input.content,
    recordedAt: input.recorded_at ?? new Date(),
    durationSeconds: input.duration_seconds ?? null,
    tags: input.tags ?? [],
    projectId: input.project_id ?? null,
  };
}

/**
 * Creates an entry of the account, written through `source` (docs/api.md, "Sources"), with the
 * commits among `commit_ids` attached: all of them or, when one names no commit of the account,
 * nothing (each such id reported at its index).
 */
export async function createEntry(access: Access, input: EntryCreate, source: EntrySource): Promise<EntryWithRelations> {
  if (input.commit_ids?.length) return createEntryWithCommits(access, input, source, input.commit_ids);
  const references = await referencesOf(getDb(), ownerId(access), input.project_id ?? null, [input.content]);
  const entry = await writeEntry(() => insertEntry(access, newEntry(input, source, references)));
  if (!entry) throw invalidProjectReference();
  return entry;
}

/**
 * The entry and its attachments in one transaction, the commits locked first (lockCommits): the
 * entry's insert ends on the account's counters row, and nothing after it waits for another write.
 */
async function createEntryWithCommits(access: Access, input: EntryCreate, source: EntrySource, commitIds: string[]): Promise<EntryWithRelations> {
  await checkProjectReference(access, input.project_id);
  const uniqueIds = [...new Set(commitIds)];
  return writeEntry(() =>
    getDb().$transaction(async (transaction) => {
      const found = await lockCommits(transaction, access, uniqueIds);
      throwUnknownCommits(commitIds, found);
      const messages = await commitMessages(transaction, ownerId(access), uniqueIds);
      const entry = newEntry(input, source, await referencesOf(transaction, ownerId(access), input.project_id ?? null, [input.content, ...messages]));
      const created = await transaction.worklogEntry.create({
        data: { ...entry, issueReferences: entry.issueReferences, ...createdBy(access), commits: { create: uniqueIds.map((commitId) => ({ commitId })) } },
        include: entryInclude,
      });
      return writtenBy(access, created);
    }),
  );
}

/** The 422 of commit ids that name no commit of the account, each at its index in the body. */
function throwUnknownCommits(commitIds: string[], owned: Set<string>): void {
  const unknown = commitIds.flatMap((commitId, index) =>
    owned.has(commitId) ? [] : [{ pointer: `/commit_ids/${index}`, detail: "Invalid value", message: "Choose commits of your own repositories" }],
  );
  if (unknown.length > 0) throw AppError.validation(unknown);
}

/** The entry's row while it is at a version `condition` accepts (lib/api/preconditions.ts). */
const atVersion = (condition: VersionCondition | undefined) => (condition && !condition.any ? { updatedAt: { in: condition.updatedAt } } : {});

/** Why a write of an entry found no row: a 412 for an entry of `access` at another version, else refusedEntryChange's answer. */
async function missingOrChanged(access: Access, id: string, condition: VersionCondition | undefined): Promise<AppError> {
  if (condition && !condition.any && (await getDb().worklogEntry.count({ where: { id, ...writableEntries(access) } })) > 0) return changedSinceRead();
  return refusedEntryChange(getDb(), access, [id]);
}

/** Changes the fields given; with `condition` (If-Match), only while the entry is at a version it names. */
export async function updateEntry(access: Access, id: string, changes: EntryUpdate, condition?: VersionCondition) {
  await checkProjectReference(access, changes.project_id);
  const references = await referencesAfterChange(getDb(), ownerId(access), id, { content: changes.content, projectId: changes.project_id });
  return writeEntry(
    () =>
      getDb()
        .worklogEntry.update({
          where: { id, ...writableEntries(access), ...atVersion(condition) },
          data: {
            content: changes.content,
            recordedAt: changes.recorded_at,
            durationSeconds: changes.duration_seconds,
            // A duration given to a running entry stops its timer (docs/api.md, "Timer").
            ...(changes.duration_seconds !== undefined && { runningUserId: null }),
            tags: changes.tags,
            projectId: changes.project_id,
            ...references,
          },
          include: entryInclude,
        })
        .then((entry) => writtenBy(access, entry)),
    () => missingOrChanged(access, id, condition),
  );
}

/**
 * Deletes an entry and returns it as it was, with its project and commit ids; with `condition`
 * (If-Match), only while it is at a version the condition names. Its attached commits
 * are locked first, as for a change of its commits (lockCommits): the deletion removes its
 * attachments.
 */
export function deleteEntry(access: Access, id: string, condition?: VersionCondition) {
  return writeEntry(
    () =>
      getDb().$transaction(async (transaction) => {
        await transaction.$queryRaw`SELECT c.id FROM worklog_entry_commits l JOIN commits c ON c.id = l.commit_id
        WHERE l.entry_id = ${id}::uuid AND ${ownedSql(access, "c")} ORDER BY c.id FOR KEY SHARE OF c`;
        const deleted = await transaction.worklogEntry.delete({ where: { id, ...writableEntries(access), ...atVersion(condition) }, include: entryInclude });
        return writtenBy(access, deleted);
      }),
    () => missingOrChanged(access, id, condition),
  );
}

/**
 * Puts back an entry the account deleted (its tombstone says so), under its id, with those of its
 * commits that still exist; an entry already back is answered as it is. Each run of the restore
 * statement decides and writes at once (entry-sql.ts, putBackEntry): of restores at once, the one
 * that deletes the tombstone puts the entry back, and the others wait for it and answer the entry.
 */
export async function restoreEntry(access: Access, { id, commit_ids, source, ...input }: EntryRestore): Promise<EntryWithRelations> {
  for (;;) {
    const messages = await commitMessages(getDb(), ownerId(access), commit_ids);
    const references = await referencesOf(getDb(), ownerId(access), input.project_id ?? null, [input.content, ...messages]);
    const { entry, tombstoneSeen, projectFound } = await writeEntry(() => putBackEntry(access, id, newEntry(input, source, references), commit_ids));
    if (entry) return entry;
    if (!tombstoneSeen) throw await refusedEntryChange(getDb(), access, [id], { deleted: true });
    if (!projectFound) throw invalidProjectReference();
    // The tombstone was there when the statement began, and another restore deleted it while the
    // statement waited for its row: that restore has committed, and the next run reads its entry.
  }
}

/**
 * Locks the account's entry for a change of its commits: each counted write's trigger ends by
 * locking the account's counters row (prisma/migrations/20261123085144_order_of_the_work); a
 * transaction holding that row must not then wait for a row another write holds while it queues
 * for the counters: a deadlock. Once the entry (and before it the commits, lockCommits) is
 * locked, the writes after it wait for no one. A missing entry, or one `access` may not read, is not
 * found; someone else's that it reads is refused (refusedEntryChange).
 */
async function lockEntry(transaction: Transaction, access: Access, id: string): Promise<void> {
  const locked = await transaction.$queryRaw<Pick<WorklogEntry, "id">[]>`SELECT id FROM worklog_entries
    WHERE id = ${id}::uuid AND ${writableEntriesSql(access)} FOR NO KEY UPDATE`;
  if (locked.length === 0) throw await refusedEntryChange(transaction, access, [id]);
}

/**
 * Locks the account's commits among `ids` against deletion (FOR KEY SHARE) and returns the ids
 * of those that exist. A change of an entry's commits locks them before the entry: deleting a
 * repository locks its commits, then the attachments it removes, then their entries (whose
 * updated_at the attachments' trigger moves on), so a change that held the entry while waiting
 * for one of those commits or attachments could wait for the deletion while the deletion waits
 * for it: a deadlock.
 */
async function lockCommits(transaction: Transaction, access: Access, ids: string[]): Promise<Set<string>> {
  const locked = await transaction.$queryRaw<Pick<Commit, "id">[]>`SELECT id FROM commits
    WHERE id = ANY(${ids}::uuid[]) AND ${ownedSql(access)} ORDER BY id FOR KEY SHARE`;
  return new Set(locked.map((commit) => commit.id));
}

/**
 * Attaches commits of the same account; attaching one again changes nothing. Every id that
 * names no commit of the account (or one deleted meanwhile) is reported at its index.
 */
export async function attachCommits(access: Access, id: string, { commit_ids }: AttachCommits) {
  const uniqueIds = [...new Set(commit_ids)];
  await getDb().$transaction(async (transaction) => {
    const found = await lockCommits(transaction, access, uniqueIds);
    await lockEntry(transaction, access, id);
    throwUnknownCommits(commit_ids, found);
    // commit_ids are part of the entry: the attachments' trigger moves its updated_at on
    // (prisma/migrations/20261123190436_incremental_sync).
    await transaction.worklogEntryCommit.createMany({
      data: uniqueIds.map((commitId) => ({ entryId: id, commitId })),
      skipDuplicates: true,
    });
    await refreshEntryReferences(transaction, ownerId(access), [id]);
  });
  return getEntry(access, id);
}

/**
 * Detaches a commit of the account from its entry; detaching one that is not attached changes
 * nothing. An entry or a commit of another account (or none) is not found.
 */
export async function detachCommit(access: Access, id: string, commitId: string): Promise<EntryWithRelations> {
  await getDb().$transaction(async (transaction) => {
    const commit = await lockCommits(transaction, access, [commitId]);
    await lockEntry(transaction, access, id);
    if (commit.size === 0) throw AppError.notFound();
    await transaction.worklogEntryCommit.deleteMany({ where: { entryId: id, commitId } });
    await refreshEntryReferences(transaction, ownerId(access), [id]);
  });
  return getEntry(access, id);
}

export type AttachedEntry = { id: string; content: string; recordedAt: Date };

/** For each of the account's commits among `commitIds`, the entries it is attached to, most recent work first. */
export async function entriesByCommit(access: Access, commitIds: string[]): Promise<Map<string, AttachedEntry[]>> {
  const links = await getDb().worklogEntryCommit.findMany({
    where: { commitId: { in: commitIds }, entry: readableEntries(access) },
    select: { commitId: true, entry: { select: { id: true, content: true, recordedAt: true } } },
    orderBy: [{ entry: { recordedAt: "desc" } }, { entryId: "desc" }],
  });
  const byCommit = new Map<string, AttachedEntry[]>();
  for (const link of links) byCommit.set(link.commitId, [...(byCommit.get(link.commitId) ?? []), link.entry]);
  return byCommit;
}
