import type { Access } from "@/lib/access/context";
import type { EntrySource } from "@/lib/worklog/sources";
import { checkDocument } from "./import-check";
import { importsAsJob, startImportJob } from "./import-jobs";
import type { ImportFormat, ImportResource, ImportSummary } from "./import-schemas";
import { writePlan } from "./import-write";

/**
 * Imports a document into the account (docs/api.md, "Export and import"): Worklog's own export,
 * or jrnl's, at once in one transaction. An invalid document is a 422 listing its problems, and
 * nothing is written. Entries keep the source their document gives and otherwise get `source`,
 * the importer's.
 */
export async function importDocument(access: Access, format: ImportFormat, body: Record<string, unknown>, source: EntrySource): Promise<ImportSummary> {
  return writePlan(access, await checkDocument(format, body, access.user.timezone), source);
}

/** What an import request came to: written at once, or accepted as a job (a large document, lib/data/import-jobs.ts). */
export type ImportAnswer = { summary: ImportSummary } | { accepted: ImportResource };

/** The import of POST /api/v1/import and Settings → Data: checked at once, then written at once or by a job by its size (`bytes`, when known). */
export async function receiveImport(
  access: Access,
  format: ImportFormat,
  body: Record<string, unknown>,
  source: EntrySource,
  bytes: number | undefined,
): Promise<ImportAnswer> {
  const plan = await checkDocument(format, body, access.user.timezone);
  if (importsAsJob(body, bytes)) return { accepted: await startImportJob(access, format, body, source) };
  return { summary: await writePlan(access, plan, source) };
}
