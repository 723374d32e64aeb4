import { jsonPageResponse } from "@/lib/api/pagination";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { projectOperations } from "@/lib/projects/operations";
import { createProject, listProjectsAsJson } from "@/lib/projects/projects";
import { toProjectResponse } from "@/lib/projects/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(projectOperations.list, async ({ user, query }) =>
    jsonPageResponse("projects", await listProjectsAsJson(user.id, query.page, { updatedSince: query.updated_since })),
  ),
  apiRoute(projectOperations.create, async ({ user, body }) => toProjectResponse(await createProject(user.id, body))),
);
