import type { ReactNode } from "react";
import { formatDuration } from "@/lib/formatting/time-words";
import { dayHeading } from "@/lib/worklog/days";

type DayGroupProps = {
  /** The calendar day, YYYY-MM-DD, in the account's time zone. */
  day: string;
  today: string;
  /** All the time tracked on the day, also by entries not shown. */
  seconds: number;
  /** In a team's workspace, the time of the day's listed entries by author, said on hovering the total. */
  byAuthor?: { name: string; seconds: number }[];
  children: ReactNode;
};

/** A day of the worklog: its heading, the time tracked on it, and its entries. */
export function DayGroup({ day, today, seconds, byAuthor, children }: DayGroupProps) {
  const heading = dayHeading(day, today);
  const headingId = `day-${day}`;
  return (
    <section aria-labelledby={headingId}>
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-4 border-b border-zinc-200 px-2 pb-1 dark:border-zinc-800">
        <h3 id={headingId} className="text-sm font-semibold">
          <time dateTime={day}>
            {heading.name}
            {heading.date && <span className="font-normal text-zinc-600 dark:text-zinc-400"> · {heading.date}</span>}
          </time>
        </h3>
        <p
          className="text-sm text-zinc-600 dark:text-zinc-400"
          title={byAuthor && seconds > 0 ? `By person: ${byAuthor.map(({ name, seconds: own }) => `${name} ${formatDuration(own)}`).join(" · ")}` : undefined}
        >
          {seconds > 0 ? (
            <>
              Total <span className="font-medium text-zinc-900 dark:text-zinc-100">{formatDuration(seconds)}</span>
            </>
          ) : (
            "No time tracked"
          )}
        </p>
      </div>
      {children}
    </section>
  );
}
