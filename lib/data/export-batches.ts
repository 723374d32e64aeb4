import "server-only";
import { idKeyset, timeKeyset, type KeysetQuery } from "@/lib/api/pagination";
import { getDb, type Commit, type User } from "@/lib/db/client";
import type { ListPosition } from "@/lib/db/item-positions";
import type { EntryListFilters } from "@/lib/worklog/entries";
import { selectEntryPage } from "@/lib/worklog/entry-sql";

/** Rows per statement: a batch is all the export holds of a list at once. */
export const EXPORT_BATCH_SIZE = 500;

/**
 * An account's items of one kind, batch after batch in the order of its list, each batch one
 * indexed range query after the last row of the one before (the lists' keyset pagination,
 * lib/api/pagination.ts). Nothing holds a transaction or a connection between batches: on the
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
export const entryBatches = (user: User, filters: EntryListFilters) =>
  batches(
    (query) => selectEntryPage(user, filters, query),
    (entry) => ({ sortAt: entry.recordedAt, id: entry.id }),
  );

export const projectBatches = (userId: string) =>
  batches((query) => {
    const keyset = idKeyset(query);
    return getDb().project.findMany({ ...keyset, where: { userId, ...keyset.where } });
  }, byId);

export const repositoryBatches = (userId: string) =>
  batches((query) => {
    const keyset = idKeyset(query);
    return getDb().repository.findMany({ ...keyset, where: { userId, ...keyset.where } });
  }, byId);

/** Every commit of the account: repository by repository, each repository's as its commits list orders them (its index's order). */
export async function* commitBatches(userId: string): AsyncGenerator<Commit[]> {
  for await (const repositories of repositoryBatches(userId)) {
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

export const recapBatches = (userId: string) =>
  batches(async (query) => {
    const keyset = idKeyset(query);
    return getDb().recap.findMany({ ...keyset, where: { userId, ...keyset.where } });
  }, byId);

/** The SHAs of commits by id, for the CSV's `commit_shas`. */
export async function commitShas(userId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const commits = await getDb().commit.findMany({ where: { userId, id: { in: ids } }, select: { id: true, sha: true } });
  return new Map(commits.map((commit) => [commit.id, commit.sha]));
}
