import type { Operation } from "@/lib/api/operation";
import { importSummaryExample, worklogImportExample } from "./import-examples";
import { IMPORT_MAX_BODY_BYTES } from "./import-limits";
import { importBodySchema, importQuerySchema, importSummarySchema } from "./import-schemas";

const tag = { name: "Data", description: "Everything of an account at once: export and import." };

export const importOperations = {
  import: {
    kind: "api",
    operationId: "importData",
    method: "post",
    path: "/api/v1/import",
    tag,
    summary: "Import a document",
    description:
      "Creates everything of a document in the account, with new ids, its references remapped: Worklog's own export (`WorklogImport`, the default), or with `format=jrnl` the output of `jrnl --export json` (`JrnlImport`; dates and times read in the account's time zone, the title and body as the content, tags without their `@`). What the account has already is skipped and referred to instead: projects by identifier, repositories by name, commits by repository and sha, entries by `recorded_at` and content; importing a document again creates nothing. Recaps are not imported. Bodies up to 50 MiB; one transaction.",
    scope: ["project:write", "repo:write", "worklog:write"],
    query: importQuerySchema,
    body: { schema: importBodySchema, example: worklogImportExample, validatedByHandler: true },
    maxBodyBytes: IMPORT_MAX_BODY_BYTES,
    responses: { 200: { description: "What was created and what was there already, by kind.", schema: importSummarySchema, example: importSummaryExample } },
    errors: {
      422: "The document is invalid; nothing is written. Every problem is listed with its pointer into the document: values the create endpoints refuse, ids or unique values (identifiers, repository names, shas in a repository) appearing twice, references to ids the document does not hold.",
    },
  },
} satisfies Record<string, Operation>;
