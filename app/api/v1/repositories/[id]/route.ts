import { apiMethods, apiRoute } from "@/lib/api/route";
import { repositoryOperations } from "@/lib/repositories/operations";
import { deleteRepository, getRepository, updateRepository } from "@/lib/repositories/repositories";
import { toRepositoryResponse } from "@/lib/repositories/responses";

export const { GET, PUT, DELETE, POST, PATCH, OPTIONS } = apiMethods(
  apiRoute(repositoryOperations.get, async ({ user, params }) => toRepositoryResponse(await getRepository(user.id, params.id!))),
  apiRoute(repositoryOperations.update, async ({ user, params, body }) => toRepositoryResponse(await updateRepository(user.id, params.id!, body))),
  apiRoute(repositoryOperations.delete, async ({ user, params }) => toRepositoryResponse(await deleteRepository(user.id, params.id!))),
);
