import type { RecapFilters } from "@/lib/recaps/filters";
import { formatDayRange } from "@/lib/formatting/time-words";
import { calendarDay } from "@/lib/time";

/** The first and last days a recap covers, YYYY-MM-DD in the account's time zone. */
function dayRange(filters: RecapFilters, timeZone: string): [first: string, last: string] {
  return [calendarDay(new Date(filters.from), timeZone), calendarDay(new Date(filters.to), timeZone)];
}

/** The days a recap covers, e.g. "2–4 Mar 2026", or one day. */
export function recapDays(filters: RecapFilters, timeZone: string): string {
  return formatDayRange(...dayRange(filters, timeZone));
}

/** The name a recap's markdown is downloaded as, e.g. recap-2026-03-02-2026-03-04.md. */
export function recapFileName(filters: RecapFilters, timeZone: string): string {
  return `recap-${dayRange(filters, timeZone).join("-")}.md`;
}

/** The days a recap covers as text, "2–4 Mar 2026", kept on one line. */
export function RecapDays({ filters, timeZone }: { filters: RecapFilters; timeZone: string }) {
  const [first, last] = dayRange(filters, timeZone);
  return (
    <time dateTime={first === last ? first : `${first}/${last}`} className="whitespace-nowrap">
      {formatDayRange(first, last)}
    </time>
  );
}
