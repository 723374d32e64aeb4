import { stringify } from "csv-stringify/sync";
import { csvCell } from "@/lib/data/export-escaping";
import type { ReportResponse } from "./responses";

type Figures = { tracked_seconds: number; entries: number };

const round = (value: number, digits: number) => Number(value.toFixed(digits));
const hours = (seconds: number) => round(seconds / 3600, 2);

/** A row's numbers: its time and share of the period's, its entries, and its change against the previous period ("" where there is nothing to compare with). */
function figures(current: Figures, previous: Figures | null, share: number): (number | string)[] {
  const change = previous ? current.tracked_seconds - previous.tracked_seconds : null;
  return [
    hours(current.tracked_seconds),
    round(share * 100, 1),
    current.entries,
    previous ? hours(previous.tracked_seconds) : "",
    change === null ? "" : hours(change),
    change === null || previous!.tracked_seconds === 0 ? "" : round((change / previous!.tracked_seconds) * 100, 1),
  ];
}

/**
 * The reports page's breakdown table as CSV (RFC 4180, CRLF, with a byte-order mark as the
 * export has, docs/api.md "Export"): one row per group, then the total; times in hours. Names
 * and tags that would start a formula get the export's `'` prefix.
 */
export function reportCsv(report: ReportResponse): string {
  const header = [report.group_by, "hours", "share_percent", "entries", "previous_hours", "change_hours", "change_percent"];
  const rows = report.groups.map((group) => [csvCell(group.label), ...figures(group, group.previous, group.share)]);
  const total = ["Total", ...figures(report.totals, report.previous_totals, report.totals.tracked_seconds > 0 ? 1 : 0)];
  return stringify([header, ...rows, total], { record_delimiter: "windows", bom: true });
}

/** The file's name, e.g. `worklog-report-2026-11-02-to-2026-11-08-by-project.csv`. */
export function reportCsvFileName(report: ReportResponse): string {
  return `worklog-report-${report.period.from}-to-${report.period.to}-by-${report.group_by}.csv`;
}
