import type { Commit } from "@/lib/db/client";
import type { BulkColumns } from "@/lib/db/bulk-insert";

/** The columns a bulk insert of commits writes (lib/db/bulk-insert.ts): the commit writer's (commit-writer.ts). */
export const commitBulkColumns = {
  id: ["id", "uuid"],
  userId: ["user_id", "uuid"],
  workspaceId: ["workspace_id", "uuid"],
  repositoryId: ["repository_id", "uuid"],
  sha: ["sha", "text"],
  message: ["message", "text"],
  committedAt: ["committed_at", "timestamptz"],
  authorName: ["author_name", "text"],
  authorEmail: ["author_email", "text"],
  webUrl: ["web_url", "text"],
  updatedAt: ["updated_at", "timestamptz"],
} satisfies BulkColumns<Commit>;

/** Every column of commits by its field in Prisma's model: a new field fails the type check until it is named here. */
export const commitColumns = {
  id: "id",
  userId: "user_id",
  workspaceId: "workspace_id",
  repositoryId: "repository_id",
  sha: "sha",
  message: "message",
  committedAt: "committed_at",
  authorName: "author_name",
  authorEmail: "author_email",
  webUrl: "web_url",
  insertedAt: "inserted_at",
  updatedAt: "updated_at",
} satisfies Record<keyof Commit, string>;
