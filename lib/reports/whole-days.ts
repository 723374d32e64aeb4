// The part of a report's span that the day totals serve (lib/reports/report.ts): its whole UTC days.

/** Instants from `start` (included) to `end` (excluded). */
export type Span = { start: Date; end: Date };

const DAY_MS = 86_400_000;

/**
 * The report's span, from `start` to `end` (excluded), cut at each of `cuts` (the current period's
 * start, the time buckets'), split into the whole UTC days that lie between two cuts, which the
 * day totals serve, and the rest (the partial days at each piece's edges), read from the entries.
 * Adjacent spans are merged.
 */
export function splitByWholeDays(start: Date, end: Date, cuts: Date[]): { days: Span[]; entries: Span[] } {
  const points = [
    ...new Set([start, ...cuts, end].map((instant) => instant.getTime()).filter((time) => time >= start.getTime() && time <= end.getTime())),
  ].sort((a, b) => a - b);
  const days: Span[] = [];
  const entries: Span[] = [];
  const push = (spans: Span[], from: number, to: number) => {
    if (from >= to) return;
    const last = spans.at(-1);
    if (last && last.end.getTime() === from) last.end = new Date(to);
    else spans.push({ start: new Date(from), end: new Date(to) });
  };
  for (let index = 0; index + 1 < points.length; index++) {
    const [from, to] = [points[index]!, points[index + 1]!];
    const [firstDay, lastDay] = [Math.ceil(from / DAY_MS) * DAY_MS, Math.floor(to / DAY_MS) * DAY_MS];
    if (firstDay >= lastDay) {
      push(entries, from, to);
      continue;
    }
    push(entries, from, firstDay);
    push(days, firstDay, lastDay);
    push(entries, lastDay, to);
  }
  return { days, entries };
}
