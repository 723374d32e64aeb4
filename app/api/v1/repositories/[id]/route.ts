import { apiMethods, apiRoute } from "@/lib/api/route";
import { repositoryOperations } from "@/lib/repositories/operations";
import { deleteRepository, getRepository, updateRepository } from "@/lib/repositories/repositories";
import { toRepositoryResponse } from "@/lib/repositories/responses";

export const { GET, PUT, DELETE, POST, PATCH, OPTIONS } = apiMethods(
  apiRoute(repositoryOperations.get, async ({ access, params }) => toRepositoryResponse(await getRepository(access, params.id!))),
  apiRoute(repositoryOperations.update, async ({ access, params, body }) => toRepositoryResponse(await updateRepository(access, params.id!, body))),
  apiRoute(repositoryOperations.delete, async ({ access, params }) => toRepositoryResponse(await deleteRepository(access, params.id!))),
);
