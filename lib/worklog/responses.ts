import { z } from "zod";
import { pageMetaSchema } from "@/lib/api/pagination";
import { responseSchemas } from "@/lib/openapi/components";
import type { EntryWithRelations } from "./entry-with-relations";
import { entrySourceSchema } from "./sources";

export const entryProjectSchema = z
  .object({ id: z.uuid(), name: z.string(), identifier: z.string() })
  .register(responseSchemas, { id: "EntryProject" });

export const entryResponseSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    content: z.string(),
    recorded_at: z.iso.datetime(),
    duration_seconds: z.number().int().nullable(),
    tags: z.array(z.string()),
    project_id: z.uuid().nullable(),
    project: entryProjectSchema.nullable(),
    commit_ids: z.array(z.uuid()),
    source: entrySourceSchema,
    running: z.boolean().meta({ description: "Its timer runs (docs/api.md, \"Timer\"): `recorded_at` is when it started, and `duration_seconds` is null until it stops." }),
    inserted_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "Entry" });

export const entryListResponseSchema = z
  .object({ entries: z.array(entryResponseSchema), meta: pageMetaSchema })
  .register(responseSchemas, { id: "EntryList" });

/** POST /worklog/entries/bulk: the entries as the change left them, or as they were for a delete, in the order of `ids`. */
export const entryBulkResponseSchema = z
  .object({ entries: z.array(entryResponseSchema).meta({ description: "In the order of `ids`: as the change left them, or, deleted, as they were." }) })
  .register(responseSchemas, { id: "EntryBulkResult" });

export function toEntryResponse(entry: EntryWithRelations): z.infer<typeof entryResponseSchema> {
  return {
    id: entry.id,
    url: `/api/v1/worklog/entries/${entry.id}`,
    content: entry.content,
    recorded_at: entry.recordedAt.toISOString(),
    duration_seconds: entry.durationSeconds,
    tags: entry.tags,
    project_id: entry.projectId,
    project: entry.project,
    commit_ids: entry.commits.map((link) => link.commitId),
    source: entry.source,
    running: entry.runningUserId !== null,
    inserted_at: entry.insertedAt.toISOString(),
    updated_at: entry.updatedAt.toISOString(),
  };
}

/** GET /worklog/timer and POST /worklog/timer/stop: the running entry, or the one just stopped; null when none runs. */
export const timerResponseSchema = z.object({ timer: entryResponseSchema.nullable() }).register(responseSchemas, { id: "Timer" });

/** POST /worklog/timer: the new running entry, and the one it stopped, if one ran. */
export const timerStartResponseSchema = z
  .object({ timer: entryResponseSchema, stopped: entryResponseSchema.nullable() })
  .register(responseSchemas, { id: "TimerStarted" });
