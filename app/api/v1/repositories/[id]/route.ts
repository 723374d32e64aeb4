import { apiMethods, apiRoute } from "@/lib/api/route";
import { toRepositoryResponse } from "@/lib/repositories/responses";
import { deleteRepository, getRepository, updateRepository } from "@/lib/repositories/repositories";
import { repositoryUpdateSchema } from "@/lib/repositories/schemas";

export const { GET, PUT, DELETE, POST, PATCH } = apiMethods({
  GET: apiRoute({ scope: "repo:read" }, async ({ user, params }) => toRepositoryResponse(await getRepository(user.id, params.id!))),
  PUT: apiRoute({ scope: "repo:write", body: repositoryUpdateSchema }, async ({ user, params, body }) =>
    toRepositoryResponse(await updateRepository(user.id, params.id!, body)),
  ),
  DELETE: apiRoute({ scope: "repo:write" }, async ({ user, params }) =>
    toRepositoryResponse(await deleteRepository(user.id, params.id!)),
  ),
});
