import { apiMethods, apiRoute } from "@/lib/api/route";
import { bulkEditEntries } from "@/lib/worklog/bulk";
import { worklogOperations } from "@/lib/worklog/operations";
import { toEntryResponse } from "@/lib/worklog/responses";

export const { GET, PUT, DELETE, POST, PATCH, OPTIONS } = apiMethods(
  apiRoute(worklogOperations.bulk, async ({ access, body }) => ({ entries: (await bulkEditEntries(access, body)).entries.map(toEntryResponse) })),
);
