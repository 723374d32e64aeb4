import { apiMethods, apiRoute } from "@/lib/api/route";
import { toEntryResponse } from "@/lib/worklog/responses";
import { createEntry, listEntries } from "@/lib/worklog/entries";
import { entryCreateSchema, entryListQuerySchema } from "@/lib/worklog/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods({
  GET: apiRoute({ scope: "worklog:read", query: entryListQuerySchema }, async ({ user, query }) => {
    const { rows, meta } = await listEntries(user, query);
    return { entries: rows.map(toEntryResponse), meta };
  }),
  POST: apiRoute({ scope: "worklog:write", body: entryCreateSchema, status: 201 }, async ({ user, body }) =>
    toEntryResponse(await createEntry(user.id, body)),
  ),
});
