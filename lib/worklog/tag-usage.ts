import { entryReaderId, ownerId, readableEntriesAt, type Access } from "@/lib/access/context";
import { queryRows } from "@/lib/db/sql";

export type TagUsage = { tag: string; count: number };

const tagUsageQuery = `SELECT tag, count(*)::int AS count
FROM worklog_entries e CROSS JOIN LATERAL unnest(e.tags) AS tag
WHERE ${readableEntriesAt("$1", "$3", "e")}
GROUP BY tag
ORDER BY count DESC, tag
LIMIT $2`;

/** The account's tags with the number of its entries that carry each, the most used first (then by name): what the composer offers after `#`. */
export function tagUsage(access: Access, limit = 200): Promise<TagUsage[]> {
  return queryRows<TagUsage>(tagUsageQuery, [ownerId(access), limit, entryReaderId(access)]);
}
