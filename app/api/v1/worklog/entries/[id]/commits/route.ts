import { apiMethods, apiRoute } from "@/lib/api/route";
import { toEntryResponse } from "@/lib/worklog/responses";
import { attachCommits } from "@/lib/worklog/entries";
import { attachCommitsSchema } from "@/lib/worklog/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods({
  POST: apiRoute({ scope: "worklog:write", body: attachCommitsSchema }, async ({ user, params, body }) =>
    toEntryResponse(await attachCommits(user.id, params.id!, body)),
  ),
});
