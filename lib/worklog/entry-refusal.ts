import { readableEntriesSql, type Access } from "@/lib/access/context";
import type { Transaction } from "@/lib/db/client";
import { AppError } from "@/lib/errors";

/**
 * Why `access` could not change the entries among `ids`: a 403 when one of them is someone
 * else's entry it may read (entries are changed by their author only), or, `deleted` (a restore),
 * the tombstone of one; a 404 otherwise, so that an entry it may not read stays unknown.
 */
export async function refusedEntryChange(db: Pick<Transaction, "$queryRaw">, access: Access, ids: string[], { deleted = false } = {}): Promise<AppError> {
  const [{ others }] = await db.$queryRaw<[{ others: boolean }]>`SELECT EXISTS (
      SELECT FROM worklog_entries e WHERE e.id = ANY(${ids}::uuid[]) AND ${readableEntriesSql(access, "e")} AND e.user_id <> ${access.user.id}::uuid
    ) OR (${deleted} AND EXISTS (
      SELECT FROM deleted_items d WHERE d.id = ANY(${ids}::uuid[]) AND d.kind = 'entry' AND ${readableEntriesSql(access, "d")} AND d.user_id <> ${access.user.id}::uuid
    )) AS others`;
  return others ? AppError.notTheAuthor() : AppError.notFound();
}
