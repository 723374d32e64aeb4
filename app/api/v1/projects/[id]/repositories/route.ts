import { apiMethods, apiRoute } from "@/lib/api/route";
import { toRepositoryResponse } from "@/lib/repositories/responses";
import { createProjectRepository } from "@/lib/repositories/repositories";
import { projectRepositoryCreateSchema } from "@/lib/repositories/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods({
  POST: apiRoute({ scope: "repo:write", body: projectRepositoryCreateSchema, status: 201 }, async ({ user, params, body }) =>
    toRepositoryResponse(await createProjectRepository(user.id, params.id!, body)),
  ),
});
