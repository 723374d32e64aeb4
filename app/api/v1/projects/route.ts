import { jsonCursorPageResponse } from "@/lib/api/cursor-pagination";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { projectOperations } from "@/lib/projects/operations";
import { createProject, listProjectsAsJson } from "@/lib/projects/projects";
import { toProjectResponse } from "@/lib/projects/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(projectOperations.list, async ({ access, query }) =>
    jsonCursorPageResponse("projects", await listProjectsAsJson(access, query.page, { updatedSince: query.updated_since })),
  ),
  apiRoute(projectOperations.create, async ({ access, body }) => toProjectResponse(await createProject(access, body))),
);
