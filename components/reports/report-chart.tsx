import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { formatDuration } from "@/lib/formatting/time-words";
import type { ProjectColour } from "@/components/projects/project-colours";
import { bucketDays, type ChartBucket } from "@/lib/reports/presets";
import type { ReportResponse } from "@/lib/reports/responses";
import { worklogHrefFor, type ReportView } from "@/lib/reports/view";
import { bucketLabels, formatDays } from "./labels";

/** A project of the chart, with its colour: the key of its parts of each bar. */
export type Series = { id: string | null; name: string; colour: ProjectColour };

type ChartProps = { report: ReportResponse; bucket: ChartBucket; view: ReportView; series: Series[]; today: string };

/**
 * The period's time by day, week or month, each bar stacked by project, in hand-written SVG as
 * the worklog's week chart (README, "Reports", says why). A bar with time is a link to the
 * worklog filtered to its days; a table says it all to screen readers.
 */
export function ReportChart({ report, bucket, view, series, today }: ChartProps) {
  const secondsOf = (group: ReportResponse["groups"][number], id: string | null) =>
    group.by_project?.find((part) => part.project_id === id)?.tracked_seconds ?? 0;
  const highest = Math.max(3600, ...report.groups.map((group) => group.tracked_seconds));
  /** A bar's segments, one per project from the bottom up, in a 100-unit-high box. */
  const stack = (group: ReportResponse["groups"][number]) => {
    let bottom = 100;
    return series.flatMap((serie) => {
      const height = (secondsOf(group, serie.id) / highest) * 100;
      bottom -= height;
      return height > 0 ? [{ serie, top: bottom, height }] : [];
    });
  };
  const title = `Time by ${bucket}`;
  const currentIndex = report.groups.findIndex((group) => {
    const days = bucketDays(group.key!, bucket, view);
    return days.from <= today && today <= days.to;
  });
  // When the bars are too narrow for all their labels, the current bar's stays, and every seventh one not beside it.
  const bars = report.groups.map((group, index) => ({
    group,
    labels: bucketLabels(group.key!, bucket, index === 0),
    current: index === currentIndex,
    anchor: index === currentIndex || (index % 7 === 0 && (currentIndex === -1 || Math.abs(index - currentIndex) > 2)),
  }));

  return (
    <section aria-labelledby="report-chart-heading" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <h2 id="report-chart-heading" className="text-lg font-semibold tracking-tight">
        {title}
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Each bar leads to its entries in the worklog.</p>
      {/* The bars share the width, however many: the whole period shows, today with it; a label that does not fit its bar is hidden. */}
      <div className="mt-3 pb-1">
        <ol className="flex gap-px sm:gap-0.5" aria-label={`${title}, ${formatDays(view)}`}>
          {bars.map(({ group, labels, current, anchor }) => {
            const seconds = group.tracked_seconds;
            const breakdown = series.flatMap((serie) =>
              secondsOf(group, serie.id) > 0 ? [`${serie.name}: ${formatDuration(secondsOf(group, serie.id))}`] : [],
            );
            const content = (
              <>
                <span
                  aria-hidden="true"
                  className="invisible h-4 max-w-full overflow-hidden text-[0.7rem] leading-4 font-medium whitespace-nowrap text-zinc-700 tabular-nums @min-[3rem]:visible dark:text-zinc-300"
                >
                  {seconds > 0 ? formatDuration(seconds) : ""}
                </span>
                {/* SVG geometry rather than inline styles, which the Content-Security-Policy forbids (proxy.ts). */}
                <svg
                  aria-hidden="true"
                  viewBox="0 0 10 100"
                  preserveAspectRatio="none"
                  className="mt-1 h-32 w-full max-w-10 rounded-sm bg-zinc-100 sm:h-40 dark:bg-zinc-800/60"
                >
                  {stack(group).map(({ serie, top, height }) => (
                    <rect
                      key={String(serie.id)}
                      x="0"
                      y={top}
                      width="10"
                      height={height}
                      className={serie.colour.fill}
                      data-project-colour={serie.id ?? undefined}
                    />
                  ))}
                </svg>
                {/* A space between the pieces, which a flex column does not draw: the visible text reads as words, as the name begins. */}{" "}
                <span
                  aria-hidden="true"
                  className={`mt-1 h-4 text-xs leading-4 font-medium whitespace-nowrap @min-[1.75rem]:visible ${current ? "text-brand-700 dark:text-brand-300" : "text-zinc-700 dark:text-zinc-300"} ${anchor && bucket !== "day" ? "" : "invisible"}`}
                >
                  {labels.lines[0]}
                </span>{" "}
                <span
                  aria-hidden="true"
                  className={`h-4 text-xs leading-4 whitespace-nowrap @min-[1.25rem]:visible ${current ? "font-semibold text-brand-700 dark:text-brand-300" : "text-zinc-600 dark:text-zinc-400"} ${anchor ? "" : "invisible"}`}
                >
                  {labels.lines[1]}
                </span>
              </>
            );
            const barClass = "flex w-full flex-col items-center rounded-md px-0.5 pt-1 pb-1.5";
            return (
              <li key={group.key} data-current={current || undefined} className="@container min-w-0 flex-1 basis-0">
                {seconds > 0 ? (
                  <WorkspaceLink
                    href={worklogHrefFor(view, bucketDays(group.key!, bucket, view))}
                    prefetch={false}
                    // Begins with the bar's visible text, as a speech user reads it out (WCAG 2.5.3, Label in Name).
                    aria-label={`${formatDuration(seconds)} ${labels.lines.join(" ")}`.trim() + ` (${labels.full})`}
                    title={[`${labels.full}: ${formatDuration(seconds)}`, ...breakdown].join("\n")}
                    className={`${barClass} hover:bg-zinc-100 dark:hover:bg-zinc-800/60`}
                  >
                    {content}
                  </WorkspaceLink>
                ) : (
                  <div className={barClass} title={`${labels.full}: no time tracked`}>
                    {content}
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      </div>
      <ul aria-hidden="true" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {series.map((serie) => (
          <li key={String(serie.id)} className="flex items-center gap-1.5">
            <span className={`size-3 rounded-sm ${serie.colour.swatch}`} />
            {serie.name}
          </li>
        ))}
      </ul>
      {/* The box clips the table: a table is never narrower than its content, and would widen a phone's page even hidden. */}
      <div className="sr-only">
        <table>
          <caption>
            {title}, {formatDays(view)}, by project
          </caption>
          <thead>
            <tr>
              <th scope="col">{bucket === "day" ? "Day" : bucket === "week" ? "Week" : "Month"}</th>
              {series.map((serie) => (
                <th key={String(serie.id)} scope="col">
                  {serie.name}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {bars.map(({ group, labels }) => (
              <tr key={group.key}>
                <th scope="row">{labels.full}</th>
                {series.map((serie) => (
                  <td key={String(serie.id)}>{formatDuration(secondsOf(group, serie.id))}</td>
                ))}
                <td>{formatDuration(group.tracked_seconds)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
