import "server-only";
import { queryRows } from "@/lib/db/sql";

/**
 * Per account, what changes whenever a stream has something new to read: a recap created or
 * deleted, a piece of text stored (it touches the recap's `updated_at`), a recap finished or
 * failed. Accounts without recaps are absent. It reads many accounts at once, for the process's
 * streams, so it takes their owner ids (lib/access/context.ts, `ownerId`), not one access.
 */
const changeMarksQuery = `SELECT workspace_id::text AS owner,
  count(*)::int || ':' || coalesce(max(updated_at)::text, '') || ':' || count(*) FILTER (WHERE status = 'processing')::int AS mark,
  bool_or(status = 'processing') AS "inProgress"
  FROM recaps WHERE workspace_id = ANY($1::uuid[]) GROUP BY workspace_id`;

export type AccountChangeMark = { mark: string; inProgress: boolean };

/** One statement for all the accounts that have streams open in this process. */
export async function accountChangeMarks(owners: string[]): Promise<Map<string, AccountChangeMark>> {
  const rows = await queryRows<{ owner: string } & AccountChangeMark>(changeMarksQuery, [owners]);
  return new Map(rows.map(({ owner, mark, inProgress }) => [owner, { mark, inProgress }]));
}
