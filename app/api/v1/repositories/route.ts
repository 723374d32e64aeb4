import { apiMethods, apiRoute } from "@/lib/api/route";
import { repositoryOperations } from "@/lib/repositories/operations";
import { createRepository, listRepositories } from "@/lib/repositories/repositories";
import { toRepositoryResponse } from "@/lib/repositories/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(repositoryOperations.list, async ({ user, query }) => {
    const { rows, meta } = await listRepositories(user.id, query.page, { projectId: query.project_id, updatedSince: query.updated_since });
    return { repositories: rows.map(toRepositoryResponse), meta };
  }),
  apiRoute(repositoryOperations.create, async ({ user, body }) => toRepositoryResponse(await createRepository(user.id, body))),
);
