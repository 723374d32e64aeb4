"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { decodeUtf8, parseJsonObject } from "@/lib/api/body";
import { AppError, type FieldIssue } from "@/lib/errors";
import { idSchema } from "@/lib/validation";
import type { ActionResult } from "@/lib/web/action-result";
import { runSignedInAction } from "@/lib/web/server-action";
import { receiveImport } from "./import";
import { findImport } from "./import-jobs";
import { IMPORT_MAX_BODY_BYTES } from "./import-limits";
import { importFormats, type ImportResource, type ImportSummary } from "./import-schemas";

/** What an upload came to: the import's summary, a large import accepted as a job, or the document's problems. */
export type ImportOutcome = { summary: ImportSummary } | { accepted: ImportResource } | { problems: FieldIssue[] };

const uploadSchema = z.object({
  format: z.enum(importFormats),
  file: z.instanceof(File).refine((file) => file.size > 0 && file.size <= IMPORT_MAX_BODY_BYTES),
});

async function readDocument(file: File): Promise<Record<string, unknown>> {
  try {
    return parseJsonObject(decodeUtf8(new Uint8Array(await file.arrayBuffer())));
  } catch (error) {
    if (error instanceof AppError) throw AppError.invalidRequest("The file is not a JSON document: choose the file an export wrote.");
    throw error;
  }
}

/**
 * Settings → Data's upload: the same import as POST /api/v1/import, for the signed-in account.
 * The file travels in the action's body, which next.config.mjs lets grow to the import's limit.
 */
export async function importDataAction(formData: FormData): Promise<ActionResult<ImportOutcome, "file">> {
  const result = await runSignedInAction("/settings/data", {
    schema: uploadSchema,
    input: { format: formData.get("format"), file: formData.get("file") },
    fields: { file: { label: "file", format: "a JSON file of at most 50 MiB" } },
    run: async ({ format, file }, user): Promise<ImportOutcome> => {
      try {
        return await receiveImport(user, format, await readDocument(file), "web", file.size);
      } catch (error) {
        if (error instanceof AppError && error.kind === "validation") return { problems: error.issues };
        throw error;
      }
    },
  });
  if (result.ok && "summary" in result.data) revalidatePath("/", "layout");
  return result;
}

/** A large import of the signed-in account as it runs, for Settings → Data to show its progress. */
export async function importProgressAction(id: string): Promise<ActionResult<ImportResource>> {
  const result = await runSignedInAction("/settings/data", {
    schema: z.object({ id: idSchema }),
    input: { id },
    fields: {},
    notFoundMessage: "This import no longer exists.",
    run: ({ id: importId }, user) => findImport(user.id, importId),
  });
  if (result.ok && result.data.status === "succeeded") revalidatePath("/", "layout");
  return result;
}
