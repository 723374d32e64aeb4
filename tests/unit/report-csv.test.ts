import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { reportCsv, reportCsvFileName } from "@/lib/reports/csv";
import { reportExample } from "@/lib/reports/examples";
import type { ReportResponse } from "@/lib/reports/responses";

describe("reportCsv", () => {
  it("writes the breakdown table in hours, with the total and the change against the previous period", () => {
    const text = reportCsv(reportExample);
    expect(text.startsWith("\uFEFFproject,hours,")).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      ["project", "hours", "share_percent", "entries", "previous_hours", "change_hours", "change_percent"],
      [reportExample.groups[0]!.label, "20", "66.7", "25", "16", "4", "25"],
      ["No project", "10", "33.3", "17", "10", "0", "0"],
      ["Total", "30", "100", "42", "26", "4", "15.4"],
    ]);
    expect(reportCsvFileName(reportExample)).toBe("worklog-report-2026-11-01-to-2026-11-30-by-project.csv");
  });

  it("leaves the comparison empty when there was nothing before, and keeps a name from starting a formula", () => {
    const report: ReportResponse = {
      ...reportExample,
      group_by: "tag",
      totals: { tracked_seconds: 0, entries: 1, commits: 0 },
      previous_totals: { tracked_seconds: 0, entries: 0, commits: 0 },
      groups: [
        {
          key: "=cmd",
          label: "=cmd",
          tracked_seconds: 0,
          entries: 1,
          commits: 0,
          share: 0,
          previous: { tracked_seconds: 0, entries: 0, commits: 0 },
          by_project: null,
        },
      ],
    };
    expect(parse(reportCsv(report), { bom: true }).slice(1)).toEqual([
      ["'=cmd", "0", "0", "1", "0", "0", ""],
      ["Total", "0", "0", "1", "0", "0", ""],
    ]);
  });
});
