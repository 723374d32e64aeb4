import type { Operation } from "@/lib/api/operation";
import { commitExample } from "@/lib/repositories/examples";
import { userExample } from "@/lib/users/examples";
import { entryExample } from "@/lib/worklog/examples";
import { exportDocumentSchema } from "./export-document";
import { markdownInline, markdownQuote } from "./export-escaping";
import { exportQuerySchema } from "./export-query";
import { importResourceExample, importSummaryExample, worklogImportExample } from "./import-examples";
import { IMPORT_JOB_MIN_BYTES, IMPORT_JOB_MIN_ITEMS, IMPORT_MAX_BODY_BYTES, IMPORT_MAX_ITEMS } from "./import-limits";
import { importBodySchema, importQuerySchema, importResourceSchema, importSummarySchema } from "./import-schemas";

const tag = {
  name: "Data",
  description: "The account's data as files: an export in Worklog's own JSON, or its entries as CSV or markdown; an import of Worklog's export or of jrnl's.",
};

const { id, recorded_at, duration_seconds, tags, content, project } = entryExample;

const csvExample = [
  "\uFEFFid,recorded_at,duration_seconds,project_identifier,project_name,tags,content,commit_shas",
  `${id},${recorded_at},${duration_seconds},${project.identifier},${project.name},${tags.join(" ")},${content},${commitExample.sha}`,
  "",
].join("\r\n");

const markdownExample = `# Worklog of ${userExample.name}

Exported 2026-11-23T08:00:00.000Z; days and times in ${userExample.timezone}.

## 2026-11-22 (Sunday)

### 09:30

${markdownQuote(content)}

- Project: ${markdownInline(project.name)} (${project.identifier})
- Tags: ${tags.map((tag) => `#${tag}`).join(" ")}
- Duration: 1h 30m
`;

export const dataOperations = {
  export: {
    kind: "api",
    operationId: "exportData",
    method: "get",
    path: "/api/v1/export",
    tag,
    summary: "Export the account's data",
    description: [
      "A file to download, streamed as it is read: `worklog-<today in the account's time zone>.json`, `.csv` or `.md`.",
      "`json` is the whole account in the API's own shapes (the document `POST /api/v1/import` reads back) and also needs `user:read`, `project:read` and `repo:read`; `csv` (one row per entry, UTF-8 with a BOM, tags and commit SHAs separated by spaces, a `'` before any cell that would start with `=`, `+`, `-`, `@`, a tab or a carriage return) and `markdown` (entries by day, newest first, each entry's content as a block quote) hold the entries only.",
      "The filters are the entries list's and select the entries; the JSON document holds every project, repository, commit and recap all the same.",
      "An error once the download has begun cannot change its status: the body stops short of its end (a JSON document without its closing brace).",
    ].join("\n\n"),
    scope: "worklog:read",
    role: "viewer",
    query: exportQuerySchema,
    responses: {
      200: {
        description: "The file, by `format`.",
        download: {
          "application/json": { schema: exportDocumentSchema },
          "text/csv": { example: csvExample },
          "text/markdown": { example: markdownExample },
        },
      },
    },
    errors: {
      400: "`format` is not `json`, `csv` or `markdown`, or a filter is invalid.",
      403: "The key or token lacks `worklog:read`, or, for `json`, `user:read`, `project:read` or `repo:read`.",
    },
  },
  import: {
    kind: "api",
    operationId: "importData",
    method: "post",
    path: "/api/v1/import",
    tag,
    summary: "Import a document",
    description: [
      "Creates everything of a document in the account, with new ids, its references remapped: Worklog's own export (`WorklogImport`, the default), or with `format=jrnl` the output of `jrnl --export json` (`JrnlImport`; dates and times read in the account's time zone, the title and body as the content, tags without their `@`). What the account has already is skipped and referred to instead: projects by identifier, repositories by name, commits by repository and sha, entries by `recorded_at` and content; importing a document again creates nothing. Recaps are not imported.",
      `Bodies up to 50 MiB; each list at most ${IMPORT_MAX_ITEMS} items. The whole document is checked first. A document of at most ${IMPORT_JOB_MIN_ITEMS} items and ${IMPORT_JOB_MIN_BYTES / 1024 / 1024} MiB is written at once, in one transaction (200); a larger one is written by a job (202 with the import and \`Location: /api/v1/import/{id}\`), in batches that each commit, its progress and result at \`GET /api/v1/import/{id}\`.`,
    ].join("\n\n"),
    scope: ["project:write", "repo:write", "worklog:write"],
    role: "member",
    query: importQuerySchema,
    body: { schema: importBodySchema, example: worklogImportExample, validatedByHandler: true },
    maxBodyBytes: IMPORT_MAX_BODY_BYTES,
    responses: {
      200: {
        description: "Written at once: what was created and what was there already, by kind.",
        schema: importSummarySchema,
        example: importSummaryExample,
      },
      202: {
        description: "A large document, accepted: the import, which a job writes (`Location` names it).",
        schema: importResourceSchema,
        example: importResourceExample,
      },
    },
    errors: {
      422: `The document is invalid; nothing is written. The first 100 problems are listed with their pointer into the document, and a last one at \`""\` says how many more there were (\`And 348900 more problems\`): values the create endpoints refuse, ids or unique values (identifiers, repository names, shas in a repository) appearing twice, references to ids the document does not hold. A list of more than ${IMPORT_MAX_ITEMS} items is refused at the list (\`Too many items: at most ${IMPORT_MAX_ITEMS}\`) before its items are read.`,
    },
  },
  importStatus: {
    kind: "api",
    operationId: "getImport",
    method: "get",
    path: "/api/v1/import/{id}",
    tag,
    summary: "Follow a large import",
    description:
      "An import that `POST /api/v1/import` answered with 202: its status, the items written so far (each batch commits), and once it has succeeded what was created and what was there already. Another account's import is a 404.",
    scope: ["project:write", "repo:write", "worklog:write"],
    role: "viewer",
    responses: {
      200: {
        description: "The import.",
        schema: importResourceSchema,
        example: { ...importResourceExample, status: "succeeded", processed: 43_000, result: importSummaryExample },
      },
    },
  },
} satisfies Record<string, Operation>;
