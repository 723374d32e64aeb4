import { jsonCursorPageResponse } from "@/lib/api/cursor-pagination";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { repositoryOperations } from "@/lib/repositories/operations";
import { createRepository, listRepositoriesAsJson } from "@/lib/repositories/repositories";
import { toRepositoryResponse } from "@/lib/repositories/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(repositoryOperations.list, async ({ access, query }) =>
    jsonCursorPageResponse(
      "repositories",
      await listRepositoriesAsJson(access, query.page, { projectId: query.project_id, updatedSince: query.updated_since }),
    ),
  ),
  apiRoute(repositoryOperations.create, async ({ access, body }) => toRepositoryResponse(await createRepository(access, body))),
);
