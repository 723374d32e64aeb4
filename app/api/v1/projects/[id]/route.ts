import { apiMethods, apiRoute } from "@/lib/api/route";
import { projectOperations } from "@/lib/projects/operations";
import { deleteProject, getProject, updateProject } from "@/lib/projects/projects";
import { toProjectResponse } from "@/lib/projects/responses";

export const { GET, PUT, DELETE, POST, PATCH, OPTIONS } = apiMethods(
  apiRoute(projectOperations.get, async ({ user, params }) => toProjectResponse(await getProject(user.id, params.id!))),
  apiRoute(projectOperations.update, async ({ user, params, body }) => toProjectResponse(await updateProject(user.id, params.id!, body))),
  apiRoute(projectOperations.delete, async ({ user, params }) => toProjectResponse(await deleteProject(user.id, params.id!))),
);
