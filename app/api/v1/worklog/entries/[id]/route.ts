import { versionConditionOf } from "@/lib/api/preconditions";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { deleteEntry, getEntry, updateEntry } from "@/lib/worklog/entries";
import { worklogOperations } from "@/lib/worklog/operations";
import { toEntryResponse } from "@/lib/worklog/responses";

export const { GET, PUT, DELETE, POST, PATCH, OPTIONS } = apiMethods(
  apiRoute(worklogOperations.get, async ({ access, params }) => toEntryResponse(await getEntry(access, params.id!))),
  apiRoute(worklogOperations.update, async ({ request, access, params, body }) =>
    toEntryResponse(await updateEntry(access, params.id!, body, versionConditionOf(request))),
  ),
  apiRoute(worklogOperations.delete, async ({ request, access, params }) =>
    toEntryResponse(await deleteEntry(access, params.id!, versionConditionOf(request))),
  ),
);
