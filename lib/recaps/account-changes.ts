import "server-only";
import { queryRows } from "@/lib/db/sql";
import { ABANDONED_AFTER_MS } from "./recaps";

/**
 * Per account, what changes whenever a stream has something new to read: a recap created or
 * deleted, a piece of text stored (it touches the recap's `updated_at`), a recap finished, or
 * one abandoned by its generator (it then reads as failed). Accounts without recaps are absent.
 */
const changeMarksQuery = `SELECT user_id::text AS "userId",
  count(*)::int || ':' || coalesce(max(updated_at)::text, '') || ':' || count(*) FILTER (WHERE status = 'processing' AND updated_at > $2::timestamptz)::int AS mark,
  bool_or(status = 'processing' AND updated_at > $2::timestamptz) AS "inProgress"
  FROM recaps WHERE user_id = ANY($1::uuid[]) GROUP BY user_id`;

export type AccountChangeMark = { mark: string; inProgress: boolean };

/** One statement for all the accounts that have streams open in this process. */
export async function accountChangeMarks(userIds: string[]): Promise<Map<string, AccountChangeMark>> {
  const abandonedBefore = new Date(Date.now() - ABANDONED_AFTER_MS).toISOString();
  const rows = await queryRows<{ userId: string } & AccountChangeMark>(changeMarksQuery, [userIds, abandonedBefore]);
  return new Map(rows.map(({ userId, mark, inProgress }) => [userId, { mark, inProgress }]));
}
