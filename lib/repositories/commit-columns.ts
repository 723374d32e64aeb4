import type { Commit } from "@/lib/db/client";
import type { BulkColumns } from "@/lib/db/bulk-insert";

/** The columns a bulk insert of commits writes (lib/db/bulk-insert.ts): an import's, or a push's (lib/hooks/deliveries.ts). */
export const commitBulkColumns = {
  id: ["id", "uuid"],
  userId: ["user_id", "uuid"],
  repositoryId: ["repository_id", "uuid"],
  sha: ["sha", "text"],
  message: ["message", "text"],
  committedAt: ["committed_at", "timestamptz"],
  authorName: ["author_name", "text"],
  authorEmail: ["author_email", "text"],
  webUrl: ["web_url", "text"],
  updatedAt: ["updated_at", "timestamptz"],
} satisfies BulkColumns<Commit>;
