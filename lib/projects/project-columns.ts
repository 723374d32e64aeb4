import type { Project } from "@/lib/db/client";

/** Every column of projects by its field in Prisma's model: a new field fails the type check until it is named here. */
export const projectColumns = {
  id: "id",
  userId: "user_id",
  workspaceId: "workspace_id",
  name: "name",
  description: "description",
  identifier: "identifier",
  trackers: "trackers",
  insertedAt: "inserted_at",
  updatedAt: "updated_at",
} satisfies Record<keyof Project, string>;
