import { jsonPageResponse } from "@/lib/api/pagination";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { findUncapturedShas, listCommitsAsJson, recordCommits } from "@/lib/repositories/commits";
import { repositoryOperations } from "@/lib/repositories/operations";
import { toCommitResponse } from "@/lib/repositories/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(repositoryOperations.listCommits, async ({ user, params, query }) => {
    if (query.kind === "uncaptured") return { uncaptured_shas: await findUncapturedShas(user.id, params.id!, query.shas) };
    return jsonPageResponse("commits", await listCommitsAsJson(user.id, params.id!, query.page));
  }),
  apiRoute(repositoryOperations.recordCommits, async ({ user, params, body }) => {
    const commits = await recordCommits(user.id, params.id!, body.commits);
    return { commits: commits.map(toCommitResponse) };
  }),
);
