import { formatDuration } from "@/lib/formatting/time-words";
import { noProjectColour, projectColour } from "@/components/projects/project-colours";
import { projectSlots } from "@/lib/projects/colours";
import { EmptyState } from "@/components/ui/empty-state";
import { TextLink } from "@/components/ui/text-link";
import type { ChartBucket } from "@/lib/reports/presets";
import type { ReportResponse } from "@/lib/reports/responses";
import type { ReportView } from "@/lib/reports/view";
import { BreakdownTable } from "./breakdown-table";
import { formatChange, formatDays } from "./labels";
import { ReportChart, type Series } from "./report-chart";

/** The chart's projects, most time first, each with its colour; entries without a project last, in grey. */
function chartSeries(report: ReportResponse, slots: ReadonlyMap<string, number>): Series[] {
  const projects = new Map<string | null, { name: string; seconds: number }>();
  for (const part of report.groups.flatMap((group) => group.by_project ?? [])) {
    const project = projects.get(part.project_id) ?? { name: part.project_name ?? "No project", seconds: 0 };
    project.seconds += part.tracked_seconds;
    projects.set(part.project_id, project);
  }
  const named = [...projects].filter(([id]) => id !== null).sort(([, a], [, b]) => b.seconds - a.seconds || a.name.localeCompare(b.name));
  const series: Series[] = named.map(([id, { name }]) => ({ id, name, colour: projectColour(id, slots) }));
  return projects.has(null) ? [...series, { id: null, name: "No project", colour: noProjectColour }] : series;
}

function Figure({ label, value, change, className = "" }: { label: string; value: string; change: string; className?: string }) {
  return (
    <div className={`min-w-0 rounded-lg border border-zinc-200 p-3 sm:p-4 dark:border-zinc-800 ${className}`}>
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums">{value}</dd>
      <dd className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{change}</dd>
    </div>
  );
}

type ResultsProps = {
  /** The period by day, week or month (the chart). */
  byTime: ReportResponse;
  /** The period by project, tag, source or author (the table). */
  breakdown: ReportResponse;
  bucket: ChartBucket;
  view: ReportView;
  /** The account's projects, whose colours lib/projects/colours.ts decides among them. */
  projectIds: string[];
  /** Today in the account's time zone: its bar is marked. */
  today: string;
};

/** The report of a period: its totals, the chart of its time and the breakdown table; or, without entries, says so. */
export function ReportResults({ byTime, breakdown, bucket, view, projectIds, today }: ResultsProps) {
  const { totals, previous_totals: previous } = breakdown;
  if (totals.entries === 0) {
    return (
      <EmptyState title={`No entries ${Object.keys(view.filters).length > 0 ? "match these filters" : "were written"} in ${formatDays(view)}`}>
        The report adds up the time of your worklog’s entries. <TextLink href="/">Go to the worklog</TextLink> to write one, or choose another period.
      </EmptyState>
    );
  }
  const series = chartSeries(byTime, projectSlots(projectIds));
  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {formatDays(view)}, compared with {formatDays({ from: breakdown.previous_period.from, to: breakdown.previous_period.to })}
        </p>
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4">
          <Figure
            className="max-sm:col-span-2"
            label="Time tracked"
            value={formatDuration(totals.tracked_seconds)}
            change={formatChange(totals.tracked_seconds, previous.tracked_seconds)}
          />
          <Figure label="Entries" value={String(totals.entries)} change={formatChange(totals.entries, previous.entries, String)} />
          <Figure label="Commits" value={String(totals.commits)} change={formatChange(totals.commits, previous.commits, String)} />
        </dl>
      </div>
      <ReportChart report={byTime} bucket={bucket} view={view} series={series} today={today} />
      <BreakdownTable report={breakdown} view={view} colours={new Map(series.map((serie) => [serie.id, serie.colour]))} />
    </div>
  );
}
