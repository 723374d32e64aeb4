import "server-only";
import { owned, type Access } from "@/lib/access/context";
import { idKeyset, timeKeyset, type KeysetQuery } from "@/lib/api/cursor-pagination";
import { getDb, type Commit } from "@/lib/db/client";
import type { ListPosition } from "@/lib/db/item-positions";
import type { EntryListFilters } from "@/lib/worklog/schemas";
import { selectEntryPage } from "@/lib/worklog/entry-sql";

/** Rows per statement: a batch is all the export holds of a list at once. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * An account's items of one kind, batch after batch in the order of its list, each batch one
 * indexed range query after the last row of the one before (the lists' keyset pagination,
 * lib/api/cursor-pagination.ts). Nothing holds a transaction or a connection between batches: on the
 * embedded database other requests take their turns in between (README, "Export").
 */
async function* batches<Row>(fetchRows: (query: KeysetQuery) => Promise<Row[]>, positionOf: (row: Row) => ListPosition): AsyncGenerator<Row[]> {
  let after: ListPosition | undefined;
  for (;;) {
    const rows = await fetchRows({ after, direction: "desc", take: EXPORT_BATCH_SIZE });
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    after = positionOf(rows.at(-1)!);
  }
}

const byId = (row: { id: string }): ListPosition => ({ sortAt: null, id: row.id });

/** The entries matching the filters of the entries list, in its order (the list's own statement). */
export const entryBatches = (access: Access, filters: EntryListFilters) =>
  batches(
    (query) => selectEntryPage(access, filters, query),
    (entry) => ({ sortAt: entry.recordedAt, id: entry.id }),
  );

export const projectBatches = (access: Access) =>
  batches((query) => {
    const keyset = idKeyset(query);
    return getDb().project.findMany({ ...keyset, where: { ...owned(access), ...keyset.where } });
  }, byId);

export const repositoryBatches = (access: Access) =>
  batches((query) => {
    const keyset = idKeyset(query);
    return getDb().repository.findMany({ ...keyset, where: { ...owned(access), ...keyset.where } });
  }, byId);

/** Every commit of the account: repository by repository, each repository's as its commits list orders them (its index's order). */
export async function* commitBatches(access: Access): AsyncGenerator<Commit[]> {
  for await (const repositories of repositoryBatches(access)) {
    for (const repository of repositories) {
      yield* batches(
        (query) => {
          const keyset = timeKeyset("committedAt", query);
          return getDb().commit.findMany({ ...keyset, where: { repositoryId: repository.id, ...keyset.where } });
        },
        (commit) => ({ sortAt: commit.committedAt, id: commit.id }),
      );
    }
  }
}

export const recapBatches = (access: Access) =>
  batches(async (query) => {
    const keyset = idKeyset(query);
    return getDb().recap.findMany({ ...keyset, where: { ...owned(access), ...keyset.where } });
  }, byId);

/** The SHAs of commits by id, for the CSV's `commit_shas`. */
export async function commitShas(access: Access, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const commits = await getDb().commit.findMany({ where: { ...owned(access), id: { in: ids } }, select: { id: true, sha: true } });
  return new Map(commits.map((commit) => [commit.id, commit.sha]));
}
