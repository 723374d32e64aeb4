import { entryReaderId, ownedAt, ownerId, readableEntriesAt, type Access } from "@/lib/access/context";
import { queryRows } from "@/lib/db/sql";

export type RepositoryTotals = { commitCount: number; weekCommitCount: number; lastCommitAt: Date | null; lastPushAt: Date | null; entryCount: number };

const repositoryTotalsQuery = `SELECT
  count(*)::int AS "commitCount",
  (count(*) FILTER (WHERE c.committed_at >= $3))::int AS "weekCommitCount",
  max(c.committed_at) AS "lastCommitAt",
  max(c.inserted_at) AS "lastPushAt",
  (SELECT count(DISTINCT l.entry_id)::int FROM worklog_entry_commits l JOIN commits lc ON lc.id = l.commit_id JOIN worklog_entries le ON le.id = l.entry_id
    WHERE ${ownedAt("$1", "lc")} AND lc.repository_id = $2 AND ${readableEntriesAt("$1", "$4", "le")}) AS "entryCount"
FROM commits c
WHERE ${ownedAt("$1", "c")} AND c.repository_id = $2`;

/**
 * What a repository's page leads with, in one statement: its commits (in all and made since
 * `weekStart`), the latest commit's time, when commits last arrived (the last push the CLI, the git
 * hook or a forge recorded) and how many of the entries `access` may read its commits are attached to. Another account's
 * repository has none of the account's commits: all zero.
 */
export async function repositoryTotals(access: Access, repositoryId: string, weekStart: Date): Promise<RepositoryTotals> {
  const [row] = await queryRows<RepositoryTotals>(repositoryTotalsQuery, [ownerId(access), repositoryId, weekStart, entryReaderId(access)]);
  return row!;
}
