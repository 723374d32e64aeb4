import { jsonPageResponse } from "@/lib/api/pagination";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { createEntry, listEntriesAsJson } from "@/lib/worklog/entries";
import { apiEntrySource } from "@/lib/worklog/sources";
import { worklogOperations } from "@/lib/worklog/operations";
import { toEntryResponse } from "@/lib/worklog/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(worklogOperations.list, async ({ user, query }) => jsonPageResponse("entries", await listEntriesAsJson(user, query))),
  apiRoute(worklogOperations.create, async ({ principal, user, body }) => toEntryResponse(await createEntry(user.id, body, apiEntrySource(principal)))),
);
