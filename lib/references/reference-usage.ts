import { entryReaderId, ownerId, readableEntriesAt, type Access } from "@/lib/access/context";
import { queryRows } from "@/lib/db/sql";

const keyUsageQuery = `SELECT r.value->>'key' AS key FROM worklog_entries e CROSS JOIN LATERAL json_array_elements(e.issue_references) AS r(value)
WHERE ${readableEntriesAt("$1", "$3", "e")} AND json_array_length(e.issue_references) > 0 AND r.value->>'provider' = 'tracker'
GROUP BY 1
ORDER BY count(*) DESC, 1
LIMIT $2`;

/** The trackers' keys the account's entries refer to, the most used first (then by key): what the composer completes after `PAY-`. */
export async function referenceKeyUsage(access: Access, limit = 200): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(keyUsageQuery, [ownerId(access), limit, entryReaderId(access)]);
  return rows.map((row) => row.key);
}
