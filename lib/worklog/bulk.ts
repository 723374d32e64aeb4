import { createdBy, ownedSql, ownerId, writableEntries, writableEntriesSql, type Access } from "@/lib/access/context";
import { refreshEntryReferences } from "@/lib/references/entry-references";
import { getDb, type Transaction } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { checkProjectReference, invalidProjectReference } from "@/lib/projects/projects";
import { writeEntry } from "./entries";
import { refusedEntryChange } from "./entry-refusal";
import { entryInclude, writtenBy, type EntryWithRelations } from "./entry-with-relations";
import type { EntryBulk, EntryRestore } from "./schemas";

// Bulk changes of entries (docs/api.md, "Bulk changes"): one transaction, all of the entries or
// none. Each statement's triggers write what a change of one entry writes, for every entry it
// changes: the account's counters and change sequence, the tombstones of deleted entries and the
// webhook events (prisma/migrations/20261123085144_order_of_the_work, 20261126040000_webhooks).

/** What a bulk change did: the entries as it left them (deleted: as they were), and as they were before, both in the order of `ids`. */
export type BulkEdit = { entries: EntryWithRelations[]; before: EntryWithRelations[] };

const maxTags = 20;

function inOrder(ids: string[], entries: EntryWithRelations[]): EntryWithRelations[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return ids.map((id) => byId.get(id)!);
}

const readEntries = async (transaction: Transaction, access: Access, ids: string[]) =>
  (await transaction.worklogEntry.findMany({ where: { id: { in: ids }, ...writableEntries(access) }, include: entryInclude })).map((entry) =>
    writtenBy(access, entry),
  );

/**
 * Locks the account's entries among `ids` in id order, after the commits attached to them when
 * they are to be deleted (a deletion removes their attachments; entries.ts, lockCommits): every
 * row the change writes is held before its first counted statement locks the account's counters
 * row, so it then waits for no one. Any id that names no entry of the account is a 404; someone
 * else's entry that `access` reads refuses the whole change (refusedEntryChange).
 */
async function lockEntries(transaction: Transaction, access: Access, ids: string[], forDeletion: boolean): Promise<void> {
  if (forDeletion) {
    await transaction.$queryRaw`SELECT c.id FROM worklog_entry_commits l JOIN commits c ON c.id = l.commit_id
      WHERE l.entry_id = ANY(${ids}::uuid[]) AND ${ownedSql(access, "c")} ORDER BY c.id FOR KEY SHARE OF c`;
  }
  const locked = forDeletion
    ? await transaction.$queryRaw<
        { id: string }[]
      >`SELECT id FROM worklog_entries WHERE id = ANY(${ids}::uuid[]) AND ${writableEntriesSql(access)} ORDER BY id FOR UPDATE`
    : await transaction.$queryRaw<
        { id: string }[]
      >`SELECT id FROM worklog_entries WHERE id = ANY(${ids}::uuid[]) AND ${writableEntriesSql(access)} ORDER BY id FOR NO KEY UPDATE`;
  if (locked.length !== ids.length) throw await refusedEntryChange(transaction, access, ids);
}

/** The 422 of a tag the entries have too many tags to take. */
const tooManyTags = () =>
  AppError.validation([{ pointer: "/action/tag", detail: "Invalid value", message: `An entry has ${maxTags} tags already: it can take no other` }]);

/**
 * Applies one action to the account's entries named by `ids`: all of them, or, when one names no
 * entry of the account, none (a 404). A `move_to_project` to a project that is not the account's
 * is an invalid value, as for an update of one entry; an `add_tag` that would give an entry more
 * than 20 tags too. Entries the action leaves as they are (a tag added to an entry that has it)
 * are answered as they are, and not written.
 */
export async function bulkEditEntries(access: Access, { ids, action }: EntryBulk): Promise<BulkEdit> {
  if (action.type === "move_to_project") await checkProjectReference(access, action.project_id);
  return writeEntry(() =>
    getDb().$transaction(async (transaction) => {
      await lockEntries(transaction, access, ids, action.type === "delete");
      const before = inOrder(ids, await readEntries(transaction, access, ids));
      switch (action.type) {
        case "delete":
          await transaction.worklogEntry.deleteMany({ where: { id: { in: ids }, ...writableEntries(access) } });
          return { entries: before, before };
        case "add_tag":
          if (before.some((entry) => !entry.tags.includes(action.tag) && entry.tags.length >= maxTags)) throw tooManyTags();
          await transaction.$executeRaw`UPDATE worklog_entries SET tags = array_append(tags, ${action.tag}::text)
            WHERE id = ANY(${ids}::uuid[]) AND ${writableEntriesSql(access)} AND NOT (${action.tag}::text = ANY(tags))`;
          break;
        case "remove_tag":
          await transaction.$executeRaw`UPDATE worklog_entries SET tags = array_remove(tags, ${action.tag}::text)
            WHERE id = ANY(${ids}::uuid[]) AND ${writableEntriesSql(access)} AND ${action.tag}::text = ANY(tags)`;
          break;
        case "move_to_project":
          await transaction.$executeRaw`UPDATE worklog_entries SET project_id = ${action.project_id}::uuid
            WHERE id = ANY(${ids}::uuid[]) AND ${writableEntriesSql(access)} AND project_id IS DISTINCT FROM ${action.project_id}::uuid`;
          await refreshEntryReferences(transaction, ownerId(access), ids);
          break;
      }
      return { entries: inOrder(ids, await readEntries(transaction, access, ids)), before };
    }),
  );
}

/**
 * The Undo of a bulk change, all or nothing: each entry as it was (`before` of bulkEditEntries) is
 * put back under its id if it was deleted (its tombstone is claimed, as restoreEntry does, with
 * those of its commits that still exist), or else given back its tags and project, the only
 * fields a bulk change writes. An entry neither deleted nor the account's is a 404, a project no
 * longer the account's an invalid value. Its locks come in the order of the other writes: the
 * commits and projects, the tombstones and entries, and only then the counted writes.
 */
export async function restoreEntries(access: Access, entries: EntryRestore[]): Promise<EntryWithRelations[]> {
  const ids = entries.map((entry) => entry.id);
  return writeEntry(() =>
    getDb().$transaction(async (transaction) => {
      const commitIds = [...new Set(entries.flatMap((entry) => entry.commit_ids))];
      const commits = await transaction.$queryRaw<{ id: string }[]>`SELECT id FROM commits
        WHERE id = ANY(${commitIds}::uuid[]) AND ${ownedSql(access)} ORDER BY id FOR KEY SHARE`;
      const projectIds = [...new Set(entries.flatMap((entry) => entry.project_id ?? []))];
      const projects = await transaction.$queryRaw<{ id: string }[]>`SELECT id FROM projects
        WHERE id = ANY(${projectIds}::uuid[]) AND ${ownedSql(access)} ORDER BY id FOR KEY SHARE`;
      if (projects.length !== projectIds.length) throw invalidProjectReference();
      const claimed = new Set(
        (
          await transaction.$queryRaw<{ id: string }[]>`DELETE FROM deleted_items
            WHERE id = ANY(${ids}::uuid[]) AND ${writableEntriesSql(access)} AND kind = 'entry' RETURNING id`
        ).map((row) => row.id),
      );
      const present = entries.filter((entry) => !claimed.has(entry.id));
      const presentIds = present.map((entry) => entry.id);
      const locked = await transaction.$queryRaw<{ id: string }[]>`SELECT id FROM worklog_entries
        WHERE id = ANY(${presentIds}::uuid[]) AND ${writableEntriesSql(access)} ORDER BY id FOR NO KEY UPDATE`;
      if (locked.length !== present.length) throw await refusedEntryChange(transaction, access, presentIds, { deleted: true });

      const putBack = entries.filter((entry) => claimed.has(entry.id));
      if (putBack.length > 0) {
        await transaction.worklogEntry.createMany({
          data: putBack.map((entry) => ({
            id: entry.id,
            ...createdBy(access),
            projectId: entry.project_id ?? null,
            content: entry.content,
            recordedAt: entry.recorded_at ?? new Date(),
            durationSeconds: entry.duration_seconds ?? null,
            tags: entry.tags ?? [],
            source: entry.source,
          })),
        });
        const existing = new Set(commits.map((commit) => commit.id));
        const links = putBack.flatMap((entry) =>
          entry.commit_ids.filter((commitId) => existing.has(commitId)).map((commitId) => ({ entryId: entry.id, commitId })),
        );
        if (links.length > 0) await transaction.worklogEntryCommit.createMany({ data: links, skipDuplicates: true });
      }
      if (present.length > 0) {
        const fields = JSON.stringify(present.map((entry) => ({ id: entry.id, tags: entry.tags ?? [], project_id: entry.project_id ?? null })));
        await transaction.$executeRaw`UPDATE worklog_entries e SET tags = s.tags, project_id = s.project_id
          FROM jsonb_to_recordset(${fields}::jsonb) AS s(id uuid, tags text[], project_id uuid)
          WHERE e.id = s.id AND ${writableEntriesSql(access, "e")} AND (e.tags, e.project_id) IS DISTINCT FROM (s.tags, s.project_id)`;
      }
      await refreshEntryReferences(transaction, ownerId(access), ids);
      return inOrder(ids, await readEntries(transaction, access, ids));
    }),
  );
}
