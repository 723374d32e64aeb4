import { jsonCursorPageResponse } from "@/lib/api/cursor-pagination";
import { apiMethods, apiRoute, requireCallerScope } from "@/lib/api/route";
import type { RequiredScope } from "@/lib/auth/scopes";
import { listDeletedAsJson } from "@/lib/sync/deleted";
import { syncOperations } from "@/lib/sync/operations";
import { syncedKinds, type SyncedKind } from "@/lib/sync/schemas";

/** A deletion says as much as the item's id: listing it needs the scope that reads its kind. */
const readScopes: Record<SyncedKind, RequiredScope> = { entry: "worklog:read", project: "project:read", repository: "repo:read" };

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(syncOperations.deleted, async ({ principal, access, query }) => {
    for (const kind of query.type ? [query.type] : syncedKinds) {
      requireCallerScope(principal, readScopes[kind]);
    }
    return jsonCursorPageResponse("deleted", await listDeletedAsJson(access, query));
  }),
);
