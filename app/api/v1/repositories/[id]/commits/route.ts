import { apiMethods, apiRoute } from "@/lib/api/route";
import { toCommitResponse } from "@/lib/repositories/responses";
import { findUncapturedShas, listCommits, recordCommits } from "@/lib/repositories/commits";
import { commitBatchSchema, commitsQuerySchema } from "@/lib/repositories/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods({
  GET: apiRoute({ scope: "repo:read", query: commitsQuerySchema }, async ({ user, params, query }) => {
    if (query.kind === "uncaptured") return { uncaptured_shas: await findUncapturedShas(user.id, params.id!, query.shas) };
    const { rows, meta } = await listCommits(user.id, params.id!, query.page);
    return { commits: rows.map(toCommitResponse), meta };
  }),
  POST: apiRoute({ scope: "repo:write", body: commitBatchSchema, status: 201 }, async ({ user, params, body }) => {
    const commits = await recordCommits(user.id, params.id!, body.commits);
    return { commits: commits.map(toCommitResponse) };
  }),
});
