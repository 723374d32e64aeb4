import type { RecapFilters } from "@/lib/recaps/filters";
import { calendarDay } from "@/lib/time";

/** The first and last days a recap covers, YYYY-MM-DD in the account's time zone. */
function dayRange(filters: RecapFilters, timeZone: string): [first: string, last: string] {
  return [calendarDay(new Date(filters.from), timeZone), calendarDay(new Date(filters.to), timeZone)];
}

/** The days a recap covers, e.g. "2026-03-02 – 2026-03-04", or one day. */
export function recapDays(filters: RecapFilters, timeZone: string): string {
  const [first, last] = dayRange(filters, timeZone);
  return first === last ? first : `${first} – ${last}`;
}

/** The name a recap's markdown is downloaded as, e.g. recap-2026-03-02-2026-03-04.md. */
export function recapFileName(filters: RecapFilters, timeZone: string): string {
  return `recap-${dayRange(filters, timeZone).join("-")}.md`;
}

/** A date that a narrow screen never breaks across lines. */
export function Day({ day }: { day: string }) {
  return (
    <time dateTime={day} className="whitespace-nowrap">
      {day}
    </time>
  );
}

/** The days a recap covers as text, each date kept on one line. */
export function RecapDays({ filters, timeZone }: { filters: RecapFilters; timeZone: string }) {
  const [first, last] = dayRange(filters, timeZone);
  if (first === last) return <Day day={first} />;
  return (
    <>
      <Day day={first} /> – <Day day={last} />
    </>
  );
}
