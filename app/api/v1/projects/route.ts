import { apiMethods, apiRoute } from "@/lib/api/route";
import { projectOperations } from "@/lib/projects/operations";
import { createProject, listProjects } from "@/lib/projects/projects";
import { toProjectResponse } from "@/lib/projects/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(projectOperations.list, async ({ user, query }) => {
    const { rows, meta } = await listProjects(user.id, query.page, { updatedSince: query.updated_since });
    return { projects: rows.map(toProjectResponse), meta };
  }),
  apiRoute(projectOperations.create, async ({ user, body }) => toProjectResponse(await createProject(user.id, body))),
);
