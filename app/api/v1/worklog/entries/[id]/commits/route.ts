import { apiMethods, apiRoute } from "@/lib/api/route";
import { attachCommits } from "@/lib/worklog/entries";
import { worklogOperations } from "@/lib/worklog/operations";
import { toEntryResponse } from "@/lib/worklog/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(worklogOperations.attachCommits, async ({ access, params, body }) => toEntryResponse(await attachCommits(access, params.id!, body))),
);
