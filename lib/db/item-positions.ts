import "server-only";
import { ownedAt, ownerId, type Access } from "@/lib/access/context";
import { queryRows } from "./sql";

/** An item's place in the order of its list: the time the list is ordered by (none for lists in id order), then its id. */
export type ListPosition = { sortAt: Date | null; id: string };

/** The lists whose cursors name items, each with its table and the column it is ordered by before the id. */
const listedItems = {
  entry: { table: "worklog_entries", sortColumn: "recorded_at" },
  commit: { table: "commits", sortColumn: "committed_at" },
  project: { table: "projects", sortColumn: null },
  repository: { table: "repositories", sortColumn: null },
  /** The deletions a sync reads (GET /api/v1/deleted), newest first. */
  tombstone: { table: "deleted_items", sortColumn: "deleted_at" },
} as const;
export type ListedKind = keyof typeof listedItems;

/**
 * Where the account's item `id` stands in its list, or, if it was deleted, stood (its tombstone
 * in deleted_items, written by the delete's trigger); undefined for an id the account never had.
 */
export async function findListPosition(kind: ListedKind, access: Access, id: string): Promise<ListPosition | undefined> {
  const { table, sortColumn } = listedItems[kind];
  const [row] = await queryRows<ListPosition>(
    `SELECT ${sortColumn ?? "NULL::timestamptz"} AS "sortAt", id FROM ${table} WHERE id = $1::uuid AND ${ownedAt("$2")}
    UNION ALL SELECT sort_at, id FROM deleted_items WHERE id = $1::uuid AND ${ownedAt("$2")} AND kind = $3 LIMIT 1`,
    [id, ownerId(access), kind],
  );
  return row;
}
