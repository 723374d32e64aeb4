import { paginate, timeKeyset } from "@/lib/api/pagination";
import { getDb } from "@/lib/db/client";
import { changedSince, sinceTooOld, syncedKinds, TOMBSTONE_RETENTION_MS, type DeletedQuery } from "./schemas";

/**
 * The account's tombstones of entries, projects and repositories (or of `type`), deleted at or
 * after `since` less the sync overlap, newest first, paginated by tombstone id.
 */
export function listDeleted(userId: string, { page, since, type }: DeletedQuery) {
  if (since && since.getTime() < Date.now() - TOMBSTONE_RETENTION_MS) throw sinceTooOld();
  const db = getDb();
  const where = {
    userId,
    kind: type ?? { in: [...syncedKinds] },
    ...(since && { deletedAt: { gte: changedSince(since) } }),
  };
  return paginate(page, {
    kind: "tombstone",
    userId,
    fetchRows: (query) => {
      const keyset = timeKeyset("deletedAt", query);
      return db.deletedItem.findMany({ where: { AND: [where, keyset.where] }, orderBy: keyset.orderBy, take: keyset.take });
    },
    countAll: () => db.deletedItem.count({ where }),
  });
}
