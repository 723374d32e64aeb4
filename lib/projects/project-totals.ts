import { entryReaderId, ownerId, readableEntriesAt, type Access } from "@/lib/access/context";
import { queryRows } from "@/lib/db/sql";

export type ProjectTotals = { weekSeconds: number; monthSeconds: number; allSeconds: number; entryCount: number; lastActivity: Date | null };

const projectTotalsQuery = `SELECT
  coalesce(sum(duration_seconds) FILTER (WHERE recorded_at >= $3), 0)::float8 AS "weekSeconds",
  coalesce(sum(duration_seconds) FILTER (WHERE recorded_at >= $4), 0)::float8 AS "monthSeconds",
  coalesce(sum(duration_seconds), 0)::float8 AS "allSeconds",
  count(*)::int AS "entryCount",
  max(recorded_at) AS "lastActivity"
FROM worklog_entries
WHERE ${readableEntriesAt("$1", "$5")} AND project_id = $2`;

/**
 * What a project's page leads with, in one statement: the time its entries track since the week's
 * and the month's first instants and in all, how many entries it has, and when the latest was
 * recorded, of the entries `access` may read. Another workspace's project has none of its entries: all zero.
 */
export async function projectTotals(access: Access, projectId: string, since: { week: Date; month: Date }): Promise<ProjectTotals> {
  const [row] = await queryRows<ProjectTotals>(projectTotalsQuery, [ownerId(access), projectId, since.week, since.month, entryReaderId(access)]);
  return row!;
}
