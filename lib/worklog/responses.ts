import { z } from "zod";
import { cursorPageMetaSchema } from "@/lib/api/cursor-pagination";
import { isoTimestamp, jsonShape, jsonTextProperty, property } from "@/lib/db/json-shape";
import { responseSchemas } from "@/lib/openapi/components";
import { referencesSchema, type Reference } from "@/lib/references/schemas";
import type { EntryWithRelations } from "./entry-with-relations";
import { entrySourceSchema } from "./source-schema";

// The entry as the API answers it, once for its zod schema and for the SQL of a page of entries
// (entry-sql.ts, selectEntryJsonPage), which reads the entry as `e`, its project as `p` and its author as `u`:
// tests/db/entry-sql.test.ts holds that SQL to what toEntryResponse writes, byte for byte.

const entryProjectShape = jsonShape({
  id: property(z.uuid(), "p.id"),
  name: property(z.string(), "p.name"),
  identifier: property(z.string(), "p.identifier"),
});

export const entryProjectSchema = entryProjectShape.schema.register(responseSchemas, { id: "EntryProject" });

const entryAuthorShape = jsonShape({
  id: property(z.uuid(), "e.user_id"),
  name: property(z.string().nullable().meta({ description: "The author's name; null when they gave none, or when their account was deleted." }), "u.name"),
});

/** Who wrote an entry: the one who writes, edits and deletes it (docs/api.md, "Worklog entry"). Read-only. */
export const entryAuthorSchema = entryAuthorShape.schema
  .meta({ description: "Who wrote the entry; only they change it. Read-only." })
  .register(responseSchemas, { id: "EntryAuthor" });

export const entryShape = jsonShape({
  id: property(z.uuid(), "e.id"),
  url: property(z.string(), "'/api/v1/worklog/entries/' || e.id"),
  content: property(z.string(), "e.content"),
  recorded_at: property(z.iso.datetime(), isoTimestamp("e.recorded_at")),
  duration_seconds: property(z.number().int().nullable(), "e.duration_seconds"),
  tags: property(z.array(z.string()), "e.tags"),
  project_id: property(z.uuid().nullable(), "e.project_id"),
  project: jsonTextProperty(entryProjectSchema.nullable(), `CASE WHEN p.id IS NOT NULL THEN ${entryProjectShape.sql} END`),
  commit_ids: jsonTextProperty(
    z.array(z.uuid()),
    "COALESCE(to_json((SELECT array_agg(c.commit_id ORDER BY c.commit_id) FROM worklog_entry_commits c WHERE c.entry_id = e.id))::text, '[]')",
  ),
  references: jsonTextProperty(referencesSchema, "e.issue_references::text"),
  author: jsonTextProperty(entryAuthorSchema, entryAuthorShape.sql),
  source: property(entrySourceSchema, "e.source"),
  running: property(
    z
      .boolean()
      .meta({ description: 'Its timer runs (docs/api.md, "Timer"): `recorded_at` is when it started, and `duration_seconds` is null until it stops.' }),
    "e.running_user_id IS NOT NULL",
  ),
  inserted_at: property(z.iso.datetime(), isoTimestamp("e.inserted_at")),
  updated_at: property(z.iso.datetime(), isoTimestamp("e.updated_at")),
});

export const entryResponseSchema = entryShape.schema.register(responseSchemas, { id: "Entry" });

export const entryListResponseSchema = z
  .object({ entries: z.array(entryResponseSchema), meta: cursorPageMetaSchema })
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
    references: entry.issueReferences as Reference[],
    author: { id: entry.userId, name: entry.user.name },
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
