import { jsonCursorPageResponse } from "@/lib/api/cursor-pagination";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { findUncapturedShas, listCommitsAsJson, recordCommits } from "@/lib/repositories/commits";
import { repositoryOperations } from "@/lib/repositories/operations";
import { toCommitResponse } from "@/lib/repositories/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(repositoryOperations.listCommits, async ({ access, params, query }) => {
    if (query.kind === "uncaptured") return { uncaptured_shas: await findUncapturedShas(access, params.id!, query.shas) };
    return jsonCursorPageResponse("commits", await listCommitsAsJson(access, params.id!, query.page));
  }),
  apiRoute(repositoryOperations.recordCommits, async ({ access, params, body }) => {
    const commits = await recordCommits(access, params.id!, body.commits);
    return { commits: commits.map(toCommitResponse) };
  }),
);
