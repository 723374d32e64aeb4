import { z } from "zod";
import { responseSchemas } from "@/lib/openapi/components";
import type { RangeBound } from "@/lib/time";
import { unnamedAuthorLabel } from "@/lib/worklog/author-label";
import { entrySourceLabels, type EntrySource } from "@/lib/worklog/sources";
import type { ReportPeriod } from "./period";
import type { Figures, Report } from "./report";
import { reportGroupings } from "./schemas";

const figureFields = {
  tracked_seconds: z.number().int().meta({ description: "The entries' `duration_seconds` added up; entries without a duration add nothing." }),
  entries: z.number().int(),
  commits: z.number().int().meta({ description: "Commits attached to the entries." }),
};

const figuresSchema = z.object(figureFields).register(responseSchemas, { id: "ReportFigures" });

const periodSchema = z
  .object({
    from: z.string().meta({ description: "The period's first day (YYYY-MM-DD), or its first instant when asked as a timestamp." }),
    to: z.string().meta({ description: "The period's last day, or its last instant." }),
    start: z.iso.datetime(),
    end: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "ReportPeriod" });

const projectPartSchema = z
  .object({ project_id: z.uuid().nullable(), project_name: z.string().nullable(), ...figureFields })
  .register(responseSchemas, { id: "ReportProjectPart" });

const groupSchema = z
  .object({
    key: z.string().nullable().meta({
      description:
        "The project's id (null: no project), the tag (null: no tag), the issue's key (null: no reference), the source, the author's user id, the day (YYYY-MM-DD), the week's first day, or the month (YYYY-MM).",
    }),
    label: z.string().meta({
      description:
        "The group as people read it: the project's name, `#tag`, the issue's key (`No reference`), the source's name, the author's name (`Unnamed author` when they have none), or the date.",
    }),
    ...figureFields,
    share: z.number().meta({ description: "Its part of the period's tracked time, 0 to 1 (0 when none was tracked)." }),
    previous: figuresSchema.nullable().meta({ description: "The same group in the previous period; null when grouping by time." }),
    by_project: z
      .array(projectPartSchema)
      .nullable()
      .meta({ description: "Grouping by time: the group's figures by project, most time first; null otherwise." }),
  })
  .register(responseSchemas, { id: "ReportGroup" });

export const reportResponseSchema = z
  .object({
    group_by: z.enum(reportGroupings),
    time_zone: z.string(),
    period: periodSchema,
    previous_period: periodSchema,
    totals: figuresSchema,
    previous_totals: figuresSchema,
    groups: z.array(groupSchema),
  })
  .register(responseSchemas, { id: "Report" });
export type ReportResponse = z.infer<typeof reportResponseSchema>;

const bound = (value: RangeBound) => (value.kind === "day" ? value.date : value.instant.toISOString());
const toPeriod = (period: ReportPeriod) => ({
  from: bound(period.from),
  to: bound(period.to),
  start: period.start.toISOString(),
  end: period.end.toISOString(),
});
const toFigures = ({ trackedSeconds, entries, commits }: Figures) => ({ tracked_seconds: trackedSeconds, entries, commits });

function label(report: Report, { key, projectName, authorName }: Report["groups"][number]): string {
  switch (report.groupBy) {
    case "project":
      return key === null ? "No project" : (projectName ?? key);
    case "author":
      return authorName ?? unnamedAuthorLabel;
    case "tag":
      return key === null ? "No tag" : `#${key}`;
    case "reference":
      return key ?? "No reference";
    case "source":
      return entrySourceLabels[key as EntrySource] ?? String(key);
    case "week":
      return `Week of ${key}`;
    default:
      return String(key);
  }
}

export function toReportResponse(report: Report): ReportResponse {
  const total = report.totals.trackedSeconds;
  return {
    group_by: report.groupBy,
    time_zone: report.timeZone,
    period: toPeriod(report.period),
    previous_period: toPeriod(report.previousPeriod),
    totals: toFigures(report.totals),
    previous_totals: toFigures(report.previousTotals),
    groups: report.groups.map((group) => ({
      key: group.key,
      label: label(report, group),
      ...toFigures(group),
      share: total === 0 ? 0 : group.trackedSeconds / total,
      previous: group.previous && toFigures(group.previous),
      by_project: group.byProject && group.byProject.map((part) => ({ project_id: part.projectId, project_name: part.projectName, ...toFigures(part) })),
    })),
  };
}
