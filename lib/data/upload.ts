import "server-only";
import { z } from "zod";
import { jsonObjectOf, readBodyBytes, requireJsonContentType } from "@/lib/api/body";
import { currentAccess } from "@/lib/auth/current-user";
import { AppError, type FieldIssue } from "@/lib/errors";
import { isSameOrigin } from "@/lib/next-pages/page-body-guard";
import { receiveImport, type ImportAnswer } from "./import";
import { IMPORT_MAX_BODY_BYTES } from "./import-limits";
import { importFormats } from "./import-schemas";

/** What an upload came to: the import's summary, a large import accepted as a job, or the document's problems. */
export type ImportOutcome = ImportAnswer | { problems: FieldIssue[] };

const formatSchema = z.enum(importFormats);

function documentOf(bytes: Uint8Array): Record<string, unknown> {
  try {
    return jsonObjectOf(bytes);
  } catch (error) {
    if (error instanceof AppError) throw AppError.invalidRequest("The file is not a JSON document: choose the file an export wrote.");
    throw error;
  }
}

/**
 * Settings → Data's upload: the same import as POST /api/v1/import, for the account of the
 * browser's session. Its body (up to the import's limit, unlike any page's) is read only once
 * the session is known, and only from this site: a JSON body, which another site's page cannot
 * send without asking, from this Origin.
 */
export async function importUpload(request: Request): Promise<ImportOutcome> {
  if (!isSameOrigin(request.headers)) throw new AppError("authorization", "Uploads are taken from this site only.");
  requireJsonContentType(request);
  const access = await currentAccess();
  if (!access) throw new AppError("authentication", "Sign in to import data.");
  const format = formatSchema.safeParse(new URL(request.url).searchParams.get("format"));
  if (!format.success) throw AppError.invalidRequest(`format must be one of ${importFormats.join(", ")}`);
  const bytes = await readBodyBytes(request, IMPORT_MAX_BODY_BYTES);
  try {
    return await receiveImport(access, format.data, documentOf(bytes), "web", bytes.byteLength);
  } catch (error) {
    if (error instanceof AppError && error.kind === "validation") return { problems: error.issues };
    throw error;
  }
}
