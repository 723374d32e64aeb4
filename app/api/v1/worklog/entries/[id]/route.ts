import { apiMethods, apiRoute } from "@/lib/api/route";
import { toEntryResponse } from "@/lib/worklog/responses";
import { deleteEntry, getEntry, updateEntry } from "@/lib/worklog/entries";
import { entryUpdateSchema } from "@/lib/worklog/schemas";

export const { GET, PUT, DELETE, POST, PATCH } = apiMethods({
  GET: apiRoute({ scope: "worklog:read" }, async ({ user, params }) => toEntryResponse(await getEntry(user.id, params.id!))),
  PUT: apiRoute({ scope: "worklog:write", body: entryUpdateSchema }, async ({ user, params, body }) =>
    toEntryResponse(await updateEntry(user.id, params.id!, body)),
  ),
  DELETE: apiRoute({ scope: "worklog:write" }, async ({ user, params }) => toEntryResponse(await deleteEntry(user.id, params.id!))),
});
