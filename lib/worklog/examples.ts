import type { z } from "zod";
import { exampleCreatedAt, exampleEntryId as id, exampleUpdatedAt, pageMetaExample } from "@/lib/openapi/examples";
import { projectExample } from "@/lib/projects/examples";
import { commitExample } from "@/lib/repositories/examples";
import type { entryResponseSchema } from "./responses";


export const entryExample = {
  id,
  url: `/api/v1/worklog/entries/${id}`,
  content: "Built the **pricing page** and fixed the footer links.",
  recorded_at: "2026-11-22T09:30:00.000Z",
  duration_seconds: 5400,
  tags: ["frontend", "release"],
  project_id: projectExample.id,
  project: { id: projectExample.id, name: projectExample.name, identifier: projectExample.identifier },
  commit_ids: [commitExample.id],
  source: "api",
  running: false,
  inserted_at: exampleCreatedAt,
  updated_at: exampleUpdatedAt,
} satisfies z.infer<typeof entryResponseSchema>;

export const entryListExample = { entries: [entryExample], meta: pageMetaExample(id) };
