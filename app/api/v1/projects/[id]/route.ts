import { apiMethods, apiRoute } from "@/lib/api/route";
import { projectOperations } from "@/lib/projects/operations";
import { deleteProject, getProject, updateProject } from "@/lib/projects/projects";
import { toProjectResponse } from "@/lib/projects/responses";

export const { GET, PUT, DELETE, POST, PATCH, OPTIONS } = apiMethods(
  apiRoute(projectOperations.get, async ({ access, params }) => toProjectResponse(await getProject(access, params.id!))),
  apiRoute(projectOperations.update, async ({ access, params, body }) => toProjectResponse(await updateProject(access, params.id!, body))),
  apiRoute(projectOperations.delete, async ({ access, params }) => toProjectResponse(await deleteProject(access, params.id!))),
);
