import { apiMethods, apiRoute } from "@/lib/api/route";
import { toRepositoryResponse } from "@/lib/repositories/responses";
import { createRepository, listRepositories } from "@/lib/repositories/repositories";
import { repositoryCreateSchema, repositoryListQuerySchema } from "@/lib/repositories/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods({
  GET: apiRoute({ scope: "repo:read", query: repositoryListQuerySchema }, async ({ user, query }) => {
    const { rows, meta } = await listRepositories(user.id, query.page, { projectId: query.project_id });
    return { repositories: rows.map(toRepositoryResponse), meta };
  }),
  POST: apiRoute({ scope: "repo:write", body: repositoryCreateSchema, status: 201 }, async ({ user, body }) =>
    toRepositoryResponse(await createRepository(user.id, body)),
  ),
});
