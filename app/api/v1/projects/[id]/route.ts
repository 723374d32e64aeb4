import { apiMethods, apiRoute } from "@/lib/api/route";
import { toProjectResponse } from "@/lib/projects/responses";
import { deleteProject, getProject, updateProject } from "@/lib/projects/projects";
import { projectUpdateSchema } from "@/lib/projects/schemas";

export const { GET, PUT, DELETE, POST, PATCH } = apiMethods({
  GET: apiRoute({ scope: "project:read" }, async ({ user, params }) => toProjectResponse(await getProject(user.id, params.id!))),
  PUT: apiRoute({ scope: "project:write", body: projectUpdateSchema }, async ({ user, params, body }) =>
    toProjectResponse(await updateProject(user.id, params.id!, body)),
  ),
  DELETE: apiRoute({ scope: "project:write" }, async ({ user, params }) => toProjectResponse(await deleteProject(user.id, params.id!))),
});
