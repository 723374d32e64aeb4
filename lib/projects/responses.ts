import { z } from "zod";
import { cursorPageMetaSchema } from "@/lib/api/cursor-pagination";
import type { Project } from "@/lib/db/client";
import { aliasedColumns, isoTimestamp, jsonShape, jsonTextProperty, property } from "@/lib/db/json-shape";
import { trackerSchema, type Tracker } from "@/lib/references/schemas";
import { responseSchemas } from "@/lib/openapi/components";
import { projectColumns } from "./project-columns";

// The project as the API answers it, once for its zod schema and for the SQL of a page of
// projects (projects.ts, listProjectsAsJson), which reads the project as `p`:
// tests/db/list-json.test.ts holds that SQL to what toProjectResponse writes, byte for byte.

const p = aliasedColumns("p", projectColumns);

export const projectShape = jsonShape({
  id: property(z.uuid(), p.id),
  url: property(z.string(), `'/api/v1/projects/' || ${p.id}`),
  name: property(z.string(), p.name),
  description: property(z.string().nullable(), p.description),
  identifier: property(z.string(), p.identifier),
  trackers: jsonTextProperty(z.array(trackerSchema), `${p.trackers}::text`),
  inserted_at: property(z.iso.datetime(), isoTimestamp(p.insertedAt)),
  updated_at: property(z.iso.datetime(), isoTimestamp(p.updatedAt)),
});

export const projectResponseSchema = projectShape.schema.register(responseSchemas, { id: "Project" });

export const projectListResponseSchema = z
  .object({ projects: z.array(projectResponseSchema), meta: cursorPageMetaSchema })
  .register(responseSchemas, { id: "ProjectList" });

export function toProjectResponse(project: Project): z.infer<typeof projectResponseSchema> {
  return {
    id: project.id,
    url: `/api/v1/projects/${project.id}`,
    name: project.name,
    description: project.description,
    identifier: project.identifier,
    trackers: project.trackers as Tracker[],
    inserted_at: project.insertedAt.toISOString(),
    updated_at: project.updatedAt.toISOString(),
  };
}
