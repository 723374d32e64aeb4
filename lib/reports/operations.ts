import type { Operation } from "@/lib/api/operation";
import { reportExample } from "./examples";
import { reportResponseSchema } from "./responses";
import { reportQuerySchema } from "./schemas";

const tag = { name: "Reports", description: "Where the time went: the worklog's entries added up by project, tag, source, author or time." };

export const reportOperations = {
  get: {
    kind: "api",
    operationId: "getReport",
    method: "get",
    path: "/api/v1/worklog/report",
    tag,
    summary: "Report the time of a period",
    description:
      "The entries of a period (`from`–`to`, by default the 30 days up to today) that the filters select, added up: tracked time, entries and commits, for the period and for the previous period of the same length, and by group. An entry with several tags counts in each of its tags' groups, so grouped by tag the groups may add up to more than the totals. Days, weeks and months are those of the account's time zone and week start.",
    scope: "worklog:read",
    role: "viewer",
    query: reportQuerySchema,
    responses: { 200: { description: "The report.", schema: reportResponseSchema, example: reportExample } },
    errors: {
      400: "A filter or `group_by` is invalid, `from` is after `to`, the period is longer than 3 660 days, or the previous period would begin before 0001-01-01.",
    },
  },
} satisfies Record<string, Operation>;
