import { jsonCursorPageResponse } from "@/lib/api/cursor-pagination";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { createEntry, listEntriesAsJson } from "@/lib/worklog/entries";
import { apiEntrySource } from "@/lib/worklog/sources";
import { worklogOperations } from "@/lib/worklog/operations";
import { toEntryResponse } from "@/lib/worklog/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(worklogOperations.list, async ({ access, query }) => jsonCursorPageResponse("entries", await listEntriesAsJson(access, query))),
  apiRoute(worklogOperations.create, async ({ principal, access, body }) => toEntryResponse(await createEntry(access, body, apiEntrySource(principal)))),
);
