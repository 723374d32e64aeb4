import { apiMethods, apiRoute } from "@/lib/api/route";
import { repositoryOperations } from "@/lib/repositories/operations";
import { createProjectRepository } from "@/lib/repositories/repositories";
import { toRepositoryResponse } from "@/lib/repositories/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(repositoryOperations.createInProject, async ({ access, params, body }) =>
    toRepositoryResponse(await createProjectRepository(access, params.id!, body)),
  ),
);
