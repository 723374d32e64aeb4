import { z } from "zod";
import { pageMetaSchema } from "@/lib/api/pagination";
import type { Project } from "@/lib/db/client";
import { responseSchemas } from "@/lib/openapi/components";

export const projectResponseSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    identifier: z.string(),
    inserted_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "Project" });

export const projectListResponseSchema = z
  .object({ projects: z.array(projectResponseSchema), meta: pageMetaSchema })
  .register(responseSchemas, { id: "ProjectList" });

export function toProjectResponse(project: Project): z.infer<typeof projectResponseSchema> {
  return {
    id: project.id,
    url: `/api/v1/projects/${project.id}`,
    name: project.name,
    description: project.description,
    identifier: project.identifier,
    inserted_at: project.insertedAt.toISOString(),
    updated_at: project.updatedAt.toISOString(),
  };
}
