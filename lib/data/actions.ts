"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { decodeUtf8, parseJsonObject } from "@/lib/api/body";
import { AppError, type FieldIssue } from "@/lib/errors";
import type { ActionResult } from "@/lib/web/action-result";
import { runSignedInAction } from "@/lib/web/server-action";
import { importDocument } from "./import";
import { IMPORT_MAX_BODY_BYTES } from "./import-limits";
import { importFormats, type ImportSummary } from "./import-schemas";

/** What an upload came to: the import's summary, or every problem of the document. */
export type ImportOutcome = { summary: ImportSummary } | { problems: FieldIssue[] };

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
        return { summary: await importDocument(user, format, await readDocument(file), "web") };
      } catch (error) {
        if (error instanceof AppError && error.kind === "validation") return { problems: error.issues };
        throw error;
      }
    },
  });
  if (result.ok && "summary" in result.data) revalidatePath("/", "layout");
  return result;
}
