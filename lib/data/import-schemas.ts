import { z } from "zod";
import { requestSchemas, responseSchemas } from "@/lib/openapi/components";
import { projectCreateSchema, projectIdentifierSchema } from "@/lib/projects/schemas";
import { commitInputSchema, repositoryCreateSchema } from "@/lib/repositories/schemas";
import { calendarDateSchema, timestampSchema } from "@/lib/time-schemas";
import { idSchema } from "@/lib/validation";
import { entryCreateSchema } from "@/lib/worklog/schemas";
import { entrySourceSchema } from "@/lib/worklog/source-schema";

/**
 * How the import reads Worklog's export (lib/data/export-document.ts): each item by the rules of
 * its create endpoint, plus the ids the document's references use. Other fields of the export
 * (urls, times of creation, the user) are read past, and the schemas say so (`.loose()`, so
 * `additionalProperties` in the OpenAPI document): an export is a valid import as it is.
 */
export const importedProjectSchema = projectCreateSchema.omit({ trackers: true }).extend({ id: idSchema, identifier: projectIdentifierSchema }).loose();
export const importedRepositorySchema = repositoryCreateSchema.extend({ id: idSchema }).loose();
export const importedCommitSchema = commitInputSchema.extend({ id: idSchema, repository_id: idSchema }).loose();
export const importedEntrySchema = entryCreateSchema
  .extend({
    id: idSchema,
    recorded_at: timestampSchema,
    commit_ids: z.array(idSchema).max(1000).optional(),
    source: entrySourceSchema.optional().meta({ description: "Kept as exported; an entry without one gets the importer's source." }),
  })
  .loose();

export type ImportedProject = z.output<typeof importedProjectSchema>;
export type ImportedRepository = z.output<typeof importedRepositorySchema>;
export type ImportedCommit = z.output<typeof importedCommitSchema>;
export type ImportedEntry = z.output<typeof importedEntrySchema>;

export const worklogImportSchema = z
  .object({
    format: z.literal("worklog-export"),
    version: z.literal(1),
    projects: z.array(importedProjectSchema),
    repositories: z.array(importedRepositorySchema),
    commits: z.array(importedCommitSchema),
    entries: z.array(importedEntrySchema),
    recaps: z.array(z.unknown()).optional().meta({ description: "Read past: recaps are not imported." }),
  })
  .loose()
  .meta({ description: "An export document (`ExportDocument`) as `GET /api/v1/export` writes it; fields not listed here are read past." })
  .register(requestSchemas, { id: "WorklogImport" });

/** One entry of `jrnl --export json`: its date and time are wall-clock times of the account's time zone. */
export const jrnlEntrySchema = z.object({
  date: calendarDateSchema,
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
    .meta({ description: "HH:MM" }),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()).optional().meta({ description: "With their tag symbol (`@work`), which is dropped." }),
  starred: z.boolean().optional().meta({ description: "A starred entry gets the tag `starred`." }),
});

export const jrnlImportSchema = z
  .object({
    tags: z.object({}).catchall(z.number()).optional().meta({ description: "How often each tag is used; read past." }),
    entries: z.array(jrnlEntrySchema),
  })
  .meta({ description: "The output of `jrnl --export json`." })
  .register(requestSchemas, { id: "JrnlImport" });
export type JrnlEntry = z.output<typeof jrnlEntrySchema>;

/** The body of POST /api/v1/import: which one the query's `format` says. */
export const importBodySchema = z.union([worklogImportSchema, jrnlImportSchema]).register(requestSchemas, { id: "ImportBody" });

export const importFormats = ["worklog-export", "jrnl"] as const;
export type ImportFormat = (typeof importFormats)[number];

export const importQuerySchema = z.object({
  format: z
    .enum(importFormats, { error: "format must be worklog-export or jrnl" })
    .default("worklog-export")
    .meta({ description: "`worklog-export` (Worklog's own export, the default) or `jrnl` (`jrnl --export json`)." }),
});

const importCountsSchema = z
  .object({ projects: z.number().int(), repositories: z.number().int(), commits: z.number().int(), entries: z.number().int() })
  .register(responseSchemas, { id: "ImportCounts" });
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importSummarySchema = z.object({ created: importCountsSchema, skipped: importCountsSchema }).register(responseSchemas, { id: "ImportSummary" });
export type ImportSummary = z.infer<typeof importSummarySchema>;

export const emptySummary = (): ImportSummary => ({
  created: { projects: 0, repositories: 0, commits: 0, entries: 0 },
  skipped: { projects: 0, repositories: 0, commits: 0, entries: 0 },
});

export const importStatuses = ["queued", "running", "succeeded", "failed"] as const;

export const importResourceSchema = z
  .object({
    id: idSchema,
    status: z.enum(importStatuses).meta({ description: "`queued`, then `running` while its batches are written, then `succeeded` or `failed`." }),
    processed: z.number().int().meta({ description: "Items of the document written so far (each batch commits)." }),
    total: z.number().int().meta({ description: "Items of the document: projects, repositories, commits and entries." }),
    result: importSummarySchema.nullable().meta({ description: "What was created and what was there already, once `succeeded`." }),
    error: z.string().nullable().meta({ description: "Why it failed, once `failed`; what it wrote stays." }),
  })
  .register(responseSchemas, { id: "Import" });
export type ImportResource = z.infer<typeof importResourceSchema>;
