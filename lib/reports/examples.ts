import { projectExample } from "@/lib/projects/examples";
import type { ReportResponse } from "./responses";

const period = (from: string, to: string, start: string, end: string) => ({ from, to, start, end });

export const reportExample: ReportResponse = {
  group_by: "project",
  time_zone: "Europe/Paris",
  period: period("2026-11-01", "2026-11-30", "2026-10-31T23:00:00.000Z", "2026-11-30T22:59:59.999Z"),
  previous_period: period("2026-10-02", "2026-10-31", "2026-10-01T22:00:00.000Z", "2026-10-31T22:59:59.999Z"),
  totals: { tracked_seconds: 108_000, entries: 42, commits: 57 },
  previous_totals: { tracked_seconds: 93_600, entries: 37, commits: 41 },
  groups: [
    {
      key: projectExample.id,
      label: projectExample.name,
      tracked_seconds: 72_000,
      entries: 25,
      commits: 49,
      share: 0.6667,
      previous: { tracked_seconds: 57_600, entries: 20, commits: 35 },
      by_project: null,
    },
    {
      key: null,
      label: "No project",
      tracked_seconds: 36_000,
      entries: 17,
      commits: 8,
      share: 0.3333,
      previous: { tracked_seconds: 36_000, entries: 17, commits: 6 },
      by_project: null,
    },
  ],
};
