import "server-only";
import { z } from "zod";
import { jsonObjectOf, readBodyBytes, requireJsonContentType } from "@/lib/api/body";
import { getCurrentUser } from "@/lib/auth/current-user";
import { AppError, type FieldIssue } from "@/lib/errors";
import { isSameOrigin } from "@/lib/web/page-body-guard";
import { importDocument } from "./import";
import { IMPORT_MAX_BODY_BYTES } from "./import-limits";
import { importFormats, type ImportSummary } from "./import-schemas";

/** What an upload came to: the import's summary, or every problem of the document. */
export type ImportOutcome = { summary: ImportSummary } | { problems: FieldIssue[] };

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
  const user = await getCurrentUser();
  if (!user) throw new AppError("authentication", "Sign in to import data.");
  const format = formatSchema.safeParse(new URL(request.url).searchParams.get("format"));
  if (!format.success) throw AppError.invalidRequest(`format must be one of ${importFormats.join(", ")}`);
  const document = documentOf(await readBodyBytes(request, IMPORT_MAX_BODY_BYTES));
  try {
    return { summary: await importDocument(user, format.data, document, "web") };
  } catch (error) {
    if (error instanceof AppError && error.kind === "validation") return { problems: error.issues };
    throw error;
  }
}
