import { z } from "zod";
import type { RequiredScope } from "@/lib/auth/scopes";
import { entryFilterFields } from "@/lib/worklog/schemas";

export const exportFormats = ["json", "csv", "markdown"] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The format, then the entries list's own filters: a filter added to the list applies here too. */
export const exportQuerySchema = z.object({
  format: z
    .enum(exportFormats, { error: "format must be json, csv or markdown" })
    .default("json")
    .meta({ description: "`json` (the default), `csv` or `markdown`." }),
  ...entryFilterFields,
});
export type ExportQuery = z.output<typeof exportQuerySchema>;

/** What each format needs beyond `worklog:read`, the operation's own scope: the JSON document holds the whole account. */
export const extraExportScopes: Record<ExportFormat, RequiredScope[]> = {
  json: ["user:read", "project:read", "repo:read"],
  csv: [],
  markdown: [],
};
