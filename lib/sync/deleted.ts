import { ownedCondition, readableEntriesCondition, type Access } from "@/lib/access/context";
import { paginateByCursor, type JsonRow } from "@/lib/api/cursor-pagination";
import { aliasedColumns } from "@/lib/db/json-shape";
import { countListRows, selectKeysetPage, type KeysetList, type ListCondition } from "@/lib/db/keyset-page";
import { deletedItemColumns } from "./deleted-item-columns";
import { tombstoneShape } from "./responses";
import { changedSince, sinceTooOld, syncedKinds, TOMBSTONE_RETENTION_MS, type DeletedQuery } from "./schemas";

const d = aliasedColumns("d", deletedItemColumns);

/**
 * The account's tombstones (`d`) of entries, projects and repositories (or of `type`), deleted at
 * or after `since` less the sync overlap, newest first, paginated by tombstone id; each as the
 * API's JSON (responses.ts, tombstoneShape), written by PostgreSQL.
 */
export function listDeletedAsJson(access: Access, { page, since, type }: DeletedQuery) {
  if (since && since.getTime() < Date.now() - TOMBSTONE_RETENTION_MS) throw sinceTooOld();
  const where: ListCondition[] = [(bind) => ownedCondition(access, bind, "d"), (bind) => `${d.kind} = ANY(${bind(type ? [type] : [...syncedKinds])}::text[])`];
  // A tombstone of an entry carries its author (user_id): one whose entry `access` may not read is not listed.
  where.push((bind) => `(${d.kind} <> 'entry' OR ${readableEntriesCondition(access, bind, "d")})`);
  if (since) where.push((bind) => `${d.deletedAt} >= ${bind(changedSince(since))}`);
  const list: KeysetList = { from: "deleted_items d", where, sortColumn: d.deletedAt, idColumn: d.id };
  return paginateByCursor(page, {
    kind: "tombstone",
    access,
    fetchRows: (query) => selectKeysetPage<JsonRow>(`${d.id}, ${tombstoneShape.sql} AS json`, list, query),
    countAll: () => countListRows(list),
  });
}
