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

export type ProjectContributor = { userId: string; name: string | null; seconds: number; entryCount: number; lastActivity: Date };

const projectContributorsQuery = `SELECT
  e.user_id AS "userId",
  u.name,
  coalesce(sum(e.duration_seconds), 0)::float8 AS seconds,
  count(*)::int AS "entryCount",
  max(e.recorded_at) AS "lastActivity"
FROM worklog_entries e
LEFT JOIN users u ON u.id = e.user_id
WHERE ${readableEntriesAt("$1", "$3", "e")} AND e.project_id = $2
GROUP BY e.user_id, u.name
ORDER BY seconds DESC, "entryCount" DESC, e.user_id
LIMIT 50`;

/** Who worked on a project, of the entries `access` may read: each author's time, entries and latest entry, the most time first (at most 50). */
export async function projectContributors(access: Access, projectId: string): Promise<ProjectContributor[]> {
  return queryRows<ProjectContributor>(projectContributorsQuery, [ownerId(access), projectId, entryReaderId(access)]);
}
