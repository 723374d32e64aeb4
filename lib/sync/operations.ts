import type { Operation } from "@/lib/api/operation";
import { exampleUpdatedAt, pageMetaExample } from "@/lib/openapi/examples";
import { tombstoneListResponseSchema } from "./responses";
import { deletedQuerySchema } from "./schemas";

const tag = { name: "Sync", description: "What changed since a client's last sync: `updated_since` on the lists, and the deletions." };

const exampleTombstone = { type: "entry", id: "01936f23-4e5f-7a6b-9c7d-8e9f0a1b2c99", deleted_at: exampleUpdatedAt } as const;

export const syncOperations = {
  deleted: {
    kind: "api",
    operationId: "listDeleted",
    method: "get",
    path: "/api/v1/deleted",
    tag,
    summary: "List deletions",
    description:
      "The entries, projects and repositories the account deleted, newest first, one page at a time (cursors are the tombstones' ids). " +
      "Beside `worklog:read`, listing projects' or repositories' deletions needs `project:read` or `repo:read`. " +
      "A `since` more than 30 days ago is a 410: deletions are kept 30 days, so only reading the full lists again is complete.",
    scope: "worklog:read",
    role: "viewer",
    query: deletedQuerySchema,
    errors: { 410: "`since` is more than 30 days ago: read the full lists again." },
    responses: {
      200: {
        description: "A page of deletions.",
        schema: tombstoneListResponseSchema,
        example: { deleted: [exampleTombstone], meta: pageMetaExample(exampleTombstone.id) },
      },
    },
  },
} as const satisfies Record<string, Operation>;
