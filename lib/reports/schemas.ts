import { z } from "zod";
import { entryFilterFields } from "@/lib/worklog/schemas";

/** How a report groups its entries (docs/api.md, "Reports"). */
export const reportGroupings = ["project", "tag", "reference", "source", "author", "day", "week", "month"] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/** GET /worklog/report: the entries list's filters (but `updated_since`), `from`/`to` making the period, and the grouping. */
export const reportQuerySchema = z
  .object(entryFilterFields)
  .omit({ updated_since: true })
  .extend({
    group_by: z
      .enum(reportGroupings, { error: `group_by must be one of ${reportGroupings.join(", ")}` })
      .default("project")
      .meta({
        description:
          "`project` (the default), `tag`, `reference` (the issue the entries refer to: an entry with two counts in both groups), `source`, `author` (who wrote the entries), or the time of the work: `day`, `week` (by the account's week start) or `month`, in the account's time zone.",
      }),
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;
