import { apiMethods, apiRoute } from "@/lib/api/route";
import { createEntry, listEntries } from "@/lib/worklog/entries";
import { apiEntrySource } from "@/lib/worklog/sources";
import { worklogOperations } from "@/lib/worklog/operations";
import { toEntryResponse } from "@/lib/worklog/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(worklogOperations.list, async ({ user, query }) => {
    const { rows, meta } = await listEntries(user, query);
    return { entries: rows.map(toEntryResponse), meta };
  }),
  apiRoute(worklogOperations.create, async ({ principal, user, body }) => toEntryResponse(await createEntry(user.id, body, apiEntrySource(principal)))),
);
