import "server-only";
import { entryReaderId, ownedAt, ownerId, readableEntriesAt, type Access } from "@/lib/access/context";
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

/** Of entries, and of their tombstones (which carry their author), the ones `access` may read ($4: entryReaderId). */
const readableIfEntry = `(kind <> 'entry' OR ${readableEntriesAt("$2", "$4")})`;

/** The rows of each list's own table that `access` may name: its workspace's, and of entries those it may read. */
const readable: Record<ListedKind, string> = {
  entry: readableEntriesAt("$2", "$4"),
  commit: ownedAt("$2"),
  project: ownedAt("$2"),
  repository: ownedAt("$2"),
  tombstone: `${ownedAt("$2")} AND ${readableIfEntry}`,
};

/**
 * Where the account's item `id` stands in its list, or, if it was deleted, stood (its tombstone
 * in deleted_items, written by the delete's trigger); undefined for an id the account never had.
 */
export async function findListPosition(kind: ListedKind, access: Access, id: string): Promise<ListPosition | undefined> {
  const { table, sortColumn } = listedItems[kind];
  const [row] = await queryRows<ListPosition>(
    `SELECT ${sortColumn ?? "NULL::timestamptz"} AS "sortAt", id FROM ${table} WHERE id = $1::uuid AND ${readable[kind]}
    UNION ALL SELECT sort_at, id FROM deleted_items WHERE id = $1::uuid AND ${ownedAt("$2")} AND kind = $3 AND ${readableIfEntry} LIMIT 1`,
    [id, ownerId(access), kind, entryReaderId(access)],
  );
  return row;
}
