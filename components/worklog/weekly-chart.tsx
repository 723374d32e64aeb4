import { formatDuration } from "@/components/format";
import type { DailyProjectTotal } from "@/lib/worklog/entries";

/** One colour per project, in the order projects first appear; entries without a project are grey. */
const palette = ["fill-brand-500", "fill-emerald-500", "fill-amber-500", "fill-sky-500", "fill-rose-500", "fill-violet-500", "fill-lime-500", "fill-orange-500"];
const swatchPalette = ["bg-brand-500", "bg-emerald-500", "bg-amber-500", "bg-sky-500", "bg-rose-500", "bg-violet-500", "bg-lime-500", "bg-orange-500"];
const noProject = { id: null, name: "No project", fill: "fill-zinc-400", swatch: "bg-zinc-400" };

type ChartProps = {
  days: string[];
  totals: DailyProjectTotal[];
  projects: { id: string; name: string }[];
};

const width = 700;
const height = 200;
const axis = 24;
const barWidth = 56;

function dayLabel(day: string): { weekday: string; date: string } {
  const date = new Date(`${day}T12:00:00Z`);
  return {
    weekday: new Intl.DateTimeFormat("en", { weekday: "short", timeZone: "UTC" }).format(date),
    date: new Intl.DateTimeFormat("en", { day: "numeric", month: "short", timeZone: "UTC" }).format(date),
  };
}

/** Time tracked per day of the week, stacked by project: an SVG for the eye and a table for screen readers. */
export function WeeklyChart({ days, totals, projects }: ChartProps) {
  const names = new Map(projects.map((project) => [project.id, project.name]));
  const series = [...new Set(totals.map((total) => total.projectId))].map((projectId, index) =>
    projectId === null
      ? noProject
      : { id: projectId, name: names.get(projectId) ?? "Other project", fill: palette[index % palette.length]!, swatch: swatchPalette[index % palette.length]! },
  );
  const secondsOf = (day: string, projectId: string | null) => totals.find((total) => total.day === day && total.projectId === projectId)?.seconds ?? 0;
  const dayTotal = (day: string) => totals.filter((total) => total.day === day).reduce((sum, total) => sum + total.seconds, 0);
  const weekTotal = totals.reduce((sum, total) => sum + total.seconds, 0);
  const hours = Math.max(1, Math.ceil(Math.max(...days.map(dayTotal)) / 3600));
  const scale = (height - axis) / (hours * 3600);
  const slot = width / days.length;

  return (
    <section aria-labelledby="weekly-chart-heading" className="rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="weekly-chart-heading" className="text-lg font-semibold tracking-tight">
          This week
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{weekTotal > 0 ? `${formatDuration(weekTotal)} tracked` : "No time tracked yet"}</p>
      </div>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-3 h-40 w-full sm:h-48" aria-hidden="true" preserveAspectRatio="none">
        <line x1="0" x2={width} y1={height - axis} y2={height - axis} className="stroke-zinc-300 dark:stroke-zinc-700" />
        {days.map((day, index) => {
          let top = height - axis;
          return (
            <g key={day}>
              {series.map((serie) => {
                const barHeight = secondsOf(day, serie.id) * scale;
                top -= barHeight;
                return barHeight > 0 ? <rect key={String(serie.id)} x={index * slot + (slot - barWidth) / 2} y={top} width={barWidth} height={barHeight} className={serie.fill} /> : null;
              })}
            </g>
          );
        })}
      </svg>
      <ol aria-hidden="true" className="grid grid-cols-7 text-center text-xs text-zinc-600 dark:text-zinc-400">
        {days.map((day) => (
          <li key={day}>
            <span className="block font-medium">{dayLabel(day).weekday}</span>
            <span className="block">{dayLabel(day).date}</span>
          </li>
        ))}
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
      <table className="sr-only">
        <caption>Time tracked per day this week, by project</caption>
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
    </section>
  );
}
