"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { formatDate, formatDayOfMonth, formatDuration, formatMonth, formatWeekday } from "@/lib/formatting/time-words";
import { useProjectSlots } from "@/components/project-colour-context";
import { noProjectColour, projectColour } from "@/components/projects/project-colours";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-feedback";
import { addDays } from "@/lib/time";
import { loadWeek, type WeekTotals } from "@/lib/worklog/actions";
import { accepted } from "./refusal";
import { useWorklogFilters } from "./worklog-filters";

/** Entries without a project are grey. */
const noProject = { id: null, name: "No project", ...noProjectColour };

type ChartProps = {
  /** The current week, read with the page. */
  initialWeek: WeekTotals;
  projects: { id: string; name: string }[];
};

/** A bar's words: "Sat", "28 Nov", "28", and "28 November" for screen readers. */
function dayLabel(day: string): { weekday: string; date: string; day: string; longDate: string } {
  return {
    weekday: formatWeekday(day),
    date: formatDate(day, { withYear: false }),
    day: formatDayOfMonth(day),
    longDate: `${formatDayOfMonth(day)} ${formatMonth(day.slice(0, 7), { withYear: false })}`,
  };
}

/**
 * Time tracked per day of a week, stacked by project, with the week before and after a click away.
 * Each day is a button that filters the list to that day; a table says it all to screen readers.
 * On a phone the bars wait behind a button, below the week's total: the list comes first.
 */
export function WeeklyChart({ initialWeek, projects }: ChartProps) {
  const { filters, change } = useWorklogFilters();
  const currentStart = initialWeek.days[0]!;
  const [start, setStart] = useState(currentStart);
  const [shownOnPhone, setShownOnPhone] = useState(false);
  const barsId = useId();
  const week = useQuery({
    queryKey: ["week", start],
    queryFn: () => accepted(loadWeek(start)),
    initialData: start === currentStart ? initialWeek : undefined,
    placeholderData: keepPreviousData,
  });
  const { days, totals } = week.data ?? initialWeek;
  const names = new Map(projects.map((project) => [project.id, project.name]));
  const slots = useProjectSlots();
  const series = [...new Set(totals.map((total) => total.projectId))].map((projectId) =>
    projectId === null ? noProject : { id: projectId, name: names.get(projectId) ?? "Other project", ...projectColour(projectId, slots) },
  );
  const secondsOf = (day: string, projectId: string | null) => totals.find((total) => total.day === day && total.projectId === projectId)?.seconds ?? 0;
  const dayTotal = (day: string) => totals.filter((total) => total.day === day).reduce((sum, total) => sum + total.seconds, 0);
  const weekTotal = totals.reduce((sum, total) => sum + total.seconds, 0);
  const highest = Math.max(3600, ...days.map(dayTotal));
  /** The day's bar, one segment per project from the bottom up, in a 100-unit-high box. */
  const stack = (day: string) => {
    let bottom = 100;
    return series.flatMap((serie) => {
      const height = (secondsOf(day, serie.id) / highest) * 100;
      bottom -= height;
      return height > 0 ? [{ serie, top: bottom, height }] : [];
    });
  };
  const isCurrent = start === currentStart;
  const title = isCurrent ? "This week" : `Week of ${dayLabel(days[0]!).date}`;

  return (
    <section
      aria-labelledby="weekly-chart-heading"
      aria-busy={week.isFetching || undefined}
      className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="weekly-chart-heading" className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" aria-label="Previous week" onClick={() => setStart(addDays(start, -7))}>
            ←
          </Button>
          {!isCurrent && (
            <Button variant="ghost" size="sm" onClick={() => setStart(currentStart)}>
              This week
            </Button>
          )}
          <Button variant="ghost" size="sm" aria-label="Next week" disabled={isCurrent} onClick={() => setStart(addDays(start, 7))}>
            →
          </Button>
        </div>
      </div>
      <div className="flex items-baseline justify-between gap-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{weekTotal > 0 ? `${formatDuration(weekTotal)} tracked` : "No time tracked yet"}</p>
        <Button
          variant="ghost"
          size="xs"
          className="lg:hidden"
          aria-expanded={shownOnPhone}
          aria-controls={barsId}
          onClick={() => setShownOnPhone(!shownOnPhone)}
        >
          {shownOnPhone ? "Hide the days" : "Show the days"}
        </Button>
      </div>
      {week.isError && <FormError message="This week could not be loaded. Try again." />}
      <div id={barsId} className={shownOnPhone ? "" : "max-lg:hidden"}>
        <ol className="mt-3 grid grid-cols-7 gap-0.5" aria-label={`${title}, by day`}>
          {days.map((day, index) => {
            const seconds = dayTotal(day);
            const label = dayLabel(day);
            const selected = filters.from === day && filters.to === day;
            const breakdown = series.flatMap((serie) => (secondsOf(day, serie.id) > 0 ? [`${serie.name}: ${formatDuration(secondsOf(day, serie.id))}`] : []));
            return (
              <li key={day} className="@container min-w-0">
                <button
                  type="button"
                  aria-pressed={selected}
                  // Begins with the button's visible text, as a speech user reads it out (WCAG 2.5.3, Label in Name).
                  aria-label={`${seconds > 0 ? `${formatDuration(seconds)} ` : ""}${label.weekday} ${label.day} (${label.longDate}${seconds > 0 ? "" : ", no time tracked"}). Show this day’s entries`}
                  title={[`${label.weekday} ${label.date}`, ...breakdown].join("\n")}
                  onClick={() => change(selected ? { from: "", to: "" } : { from: day, to: day })}
                  className="group flex w-full min-w-0 flex-col items-center rounded-md pt-1 pb-1.5 hover:bg-zinc-100 aria-pressed:bg-brand-50 dark:hover:bg-zinc-800/60 dark:aria-pressed:bg-brand-950"
                >
                  {/*
                    One line, above the bar, never over it. A narrow column's label is wider than its bar:
                    every other day's then sits a row higher, so that neighbours' labels never meet.
                  */}
                  <span aria-hidden="true" className="relative block h-8 w-full @min-[3rem]:h-4">
                    <span
                      className={`absolute left-1/2 -translate-x-1/2 text-[0.7rem] leading-4 font-medium whitespace-nowrap text-zinc-700 tabular-nums dark:text-zinc-300 ${index % 2 === 1 ? "top-0" : "top-4 @min-[3rem]:top-0"}`}
                    >
                      {seconds > 0 ? formatDuration(seconds) : ""}
                    </span>
                  </span>
                  {/* SVG geometry rather than inline styles, which the Content-Security-Policy forbids (proxy.ts). */}
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 10 100"
                    preserveAspectRatio="none"
                    className="mt-1 h-12 w-full max-w-10 rounded-sm bg-zinc-100 sm:h-28 dark:bg-zinc-800/60"
                  >
                    {stack(day).map(({ serie, top, height }) => (
                      <rect
                        key={String(serie.id)}
                        x="0"
                        y={top}
                        width="10"
                        height={height}
                        className={serie.fill}
                        data-project-colour={serie.id ?? undefined}
                      />
                    ))}
                  </svg>
                  {/* A space between the pieces, which a flex column does not draw: the visible text reads as words, as the name begins. */}{" "}
                  <span aria-hidden="true" className="mt-1 text-xs font-medium text-zinc-700 dark:text-zinc-300">
                    {label.weekday}
                  </span>{" "}
                  <span aria-hidden="true" className="text-xs text-zinc-600 dark:text-zinc-400">
                    {label.day}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
        {series.length > 0 && (
          <ul aria-hidden="true" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {series.map((serie) => (
              <li key={String(serie.id)} className="flex items-center gap-1.5">
                <span className={`size-3 rounded-sm ${serie.swatch}`} />
                {serie.name}
              </li>
            ))}
          </ul>
        )}
      </div>
      {/* The box clips the table: a table is never narrower than its content, and would widen a phone's page even hidden. */}
      <div className="sr-only">
        <table>
          <caption>Time tracked per day {isCurrent ? "this week" : `in the week of ${dayLabel(days[0]!).date}`}, by project</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((serie) => (
                <th key={String(serie.id)} scope="col">
                  {serie.name}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day}>
                <th scope="row">{`${dayLabel(day).weekday} ${dayLabel(day).date}`}</th>
                {series.map((serie) => (
                  <td key={String(serie.id)}>{formatDuration(secondsOf(day, serie.id))}</td>
                ))}
                <td>{formatDuration(dayTotal(day))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
