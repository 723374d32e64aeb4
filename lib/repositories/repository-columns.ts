import type { Repository } from "@/lib/db/client";

/** Every column of repositories by its field in Prisma's model: a new field fails the type check until it is named here. */
export const repositoryColumns = {
  id: "id",
  userId: "user_id",
  workspaceId: "workspace_id",
  projectId: "project_id",
  name: "name",
  localPath: "local_path",
  remoteUrl: "remote_url",
  defaultBranch: "default_branch",
  insertedAt: "inserted_at",
  updatedAt: "updated_at",
} satisfies Record<keyof Repository, string>;
