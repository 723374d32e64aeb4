import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { formatDuration } from "@/lib/formatting/time-words";
import type { ProjectColour } from "@/components/projects/project-colours";
import { buttonClassName } from "@/components/ui/button";
import type { ReportResponse } from "@/lib/reports/responses";
import { breakdownLabels, reportCsvHref, rowFilter, worklogHrefFor, type ReportView } from "@/lib/reports/view";
import { formatChange, formatDays, formatShare } from "./labels";

type TableProps = {
  report: ReportResponse;
  view: ReportView;
  /** Grouping by project: each project's colour in the chart, shown beside its name. */
  colours: Map<string | null, ProjectColour>;
};

const cell = "px-1.5 py-2 text-right tabular-nums whitespace-nowrap sm:px-3";
/** The change (e.g. "+1h 15m (+125%)") may take two lines on a phone, for the table to fit its width. */
const changeCell = `${cell} max-sm:whitespace-normal`;

/**
 * The period's time by project, tag, source or author: time, share, entries and the change against the
 * previous period, with a total. Each row is a link to the worklog filtered to it, but "No
 * project" and "No tag", which the worklog cannot select. On a phone the table fits its width:
 * tighter cells, names that wrap, and the period the change compares with said above it rather
 * than in its column's head; what still does not fit scrolls inside the table's region.
 */
export function BreakdownTable({ report, view, colours }: TableProps) {
  const noun = breakdownLabels[view.groupBy];
  const previous = { from: report.previous_period.from, to: report.previous_period.to };
  return (
    <section aria-labelledby="report-breakdown-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="report-breakdown-heading" className="text-lg font-semibold tracking-tight">
          By {noun.toLowerCase()}
        </h2>
        <a href={reportCsvHref(view)} download className={buttonClassName("secondary", "sm")}>
          Download CSV
        </a>
      </div>
      <p className="text-sm text-zinc-600 sm:hidden dark:text-zinc-400">Change against {formatDays(previous)}</p>
      <div
        role="region"
        aria-label={`Time by ${noun.toLowerCase()}`}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800"
      >
        <table className="w-full text-sm sm:min-w-[34rem]">
          <caption className="sr-only">
            Time by {noun.toLowerCase()}, {formatDays(view)}, with the change against {formatDays(previous)}
          </caption>
          <thead className="bg-zinc-50 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
            <tr>
              <th scope="col" className="px-1.5 py-2 text-left font-medium sm:px-3">
                {noun}
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Time
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Share
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Entries
              </th>
              <th scope="col" className={`${cell} font-medium`}>
                Change <span className="font-normal text-zinc-600 max-sm:sr-only dark:text-zinc-400">vs {formatDays(previous)}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {report.groups.map((group) => {
              const filter = rowFilter(view.groupBy, group.key);
              const colour = view.groupBy === "project" ? colours.get(group.key) : undefined;
              return (
                <tr key={String(group.key)} className={filter ? "relative hover:bg-zinc-50 dark:hover:bg-zinc-900" : ""}>
                  <th scope="row" className="px-1.5 py-2 text-left font-medium break-words sm:min-w-40 sm:px-3">
                    <span className="flex items-center gap-2">
                      {colour && (
                        <span aria-hidden="true" data-project-colour={group.key ?? undefined} className={`size-3 shrink-0 rounded-sm ${colour.swatch}`} />
                      )}
                      {filter ? (
                        // The link covers its row, so that any of it leads to the entries.
                        <WorkspaceLink
                          href={worklogHrefFor(view, view, filter)}
                          prefetch={false}
                          className="rounded-sm text-brand-700 underline-offset-4 after:absolute after:inset-0 hover:underline dark:text-brand-300"
                        >
                          {group.label}
                        </WorkspaceLink>
                      ) : (
                        group.label
                      )}
                    </span>
                  </th>
                  <td className={cell}>{formatDuration(group.tracked_seconds)}</td>
                  <td className={cell}>{formatShare(group.share)}</td>
                  <td className={cell}>{group.entries}</td>
                  <td className={changeCell}>{formatChange(group.tracked_seconds, group.previous?.tracked_seconds ?? 0)}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot className="border-t border-zinc-300 font-semibold dark:border-zinc-700">
            <tr>
              <th scope="row" className="px-1.5 py-2 text-left sm:px-3">
                Total
              </th>
              <td className={cell}>{formatDuration(report.totals.tracked_seconds)}</td>
              <td className={cell}>{report.totals.tracked_seconds > 0 ? "100%" : "0%"}</td>
              <td className={cell}>{report.totals.entries}</td>
              <td className={changeCell}>{formatChange(report.totals.tracked_seconds, report.previous_totals.tracked_seconds)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {(view.groupBy === "tag" || view.groupBy === "reference") && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          An entry with several {view.groupBy === "tag" ? "tags counts in each of its tags’" : "references counts in each of its references’"} rows, so the rows
          can add up to more than the total.
        </p>
      )}
    </section>
  );
}
