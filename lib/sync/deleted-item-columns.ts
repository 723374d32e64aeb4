import type { DeletedItem } from "@/lib/db/client";

/** Every column of deleted_items by its field in Prisma's model: a new field fails the type check until it is named here. */
export const deletedItemColumns = {
  id: "id",
  userId: "user_id",
  workspaceId: "workspace_id",
  kind: "kind",
  sortAt: "sort_at",
  deletedAt: "deleted_at",
} satisfies Record<keyof DeletedItem, string>;
