import { apiMethods, apiRoute } from "@/lib/api/route";
import { toProjectResponse } from "@/lib/projects/responses";
import { createProject, listProjects } from "@/lib/projects/projects";
import { projectCreateSchema, projectListQuerySchema } from "@/lib/projects/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods({
  GET: apiRoute({ scope: "project:read", query: projectListQuerySchema }, async ({ user, query }) => {
    const { rows, meta } = await listProjects(user.id, query.page);
    return { projects: rows.map(toProjectResponse), meta };
  }),
  POST: apiRoute({ scope: "project:write", body: projectCreateSchema, status: 201 }, async ({ user, body }) =>
    toProjectResponse(await createProject(user.id, body)),
  ),
});
