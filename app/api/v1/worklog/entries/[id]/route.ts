import { apiMethods, apiRoute } from "@/lib/api/route";
import { deleteEntry, getEntry, updateEntry } from "@/lib/worklog/entries";
import { worklogOperations } from "@/lib/worklog/operations";
import { toEntryResponse } from "@/lib/worklog/responses";

export const { GET, PUT, DELETE, POST, PATCH, OPTIONS } = apiMethods(
  apiRoute(worklogOperations.get, async ({ user, params }) => toEntryResponse(await getEntry(user.id, params.id!))),
  apiRoute(worklogOperations.update, async ({ user, params, body }) => toEntryResponse(await updateEntry(user.id, params.id!, body))),
  apiRoute(worklogOperations.delete, async ({ user, params }) => toEntryResponse(await deleteEntry(user.id, params.id!))),
);
