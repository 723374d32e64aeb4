import { AppError } from "@/lib/errors";
import { addDays, calendar, calendarDay, dayCount, rangeEnd, rangeStart, startOfDay, type RangeBound } from "@/lib/time";

/** A report's period: its bounds as asked (days or instants), and the instants they stand for, both included. */
export type ReportPeriod = { from: RangeBound; to: RangeBound; start: Date; end: Date };

/** The longest period a report covers. */
export const MAX_PERIOD_DAYS = 3_660;
/** A period without `from` is this many days up to `to`. */
export const DEFAULT_PERIOD_DAYS = 30;

const DAY_MS = 86_400_000;

function period(from: RangeBound, to: RangeBound, timeZone: string): ReportPeriod {
  return { from, to, start: rangeStart(from, timeZone), end: rangeEnd(to, timeZone) };
}

/**
 * The period a report covers: `from` to `to`, by default the 30 days up to today in the
 * account's zone; a 400 when it is empty or longer than ten years.
 */
export function reportPeriod(from: RangeBound | undefined, to: RangeBound | undefined, timeZone: string, now = new Date()): ReportPeriod {
  const end: RangeBound = to ?? { kind: "day", date: calendarDay(now, timeZone) };
  const start: RangeBound =
    from ??
    (end.kind === "day"
      ? { kind: "day", date: addDays(end.date, 1 - DEFAULT_PERIOD_DAYS) }
      : { kind: "timestamp", instant: new Date(end.instant.getTime() - DEFAULT_PERIOD_DAYS * DAY_MS) });
  const current = period(start, end, timeZone);
  if (current.start > current.end) throw AppError.invalidRequest("from must not be after to");
  if (current.end.getTime() - current.start.getTime() > MAX_PERIOD_DAYS * DAY_MS)
    throw AppError.invalidRequest(`The period must be at most ${MAX_PERIOD_DAYS} days`);
  return current;
}

/** Whether the period of `days` days before `from` begins in the calendar, on or after its first day. */
export const hasDaysBefore = (from: string, days: number) => dayCount(calendar.firstDay, from) > days;

const noPreviousPeriod = () => AppError.invalidRequest(`from is too early: the previous period, of the same length, would begin before ${calendar.firstDay}`);

/**
 * The period of the same length just before: as many calendar days when both bounds are days (so
 * that a daylight-saving change between them shifts nothing), else as many milliseconds. A 400
 * when it would begin before the calendar.
 */
export function previousPeriod(current: ReportPeriod, timeZone: string): ReportPeriod {
  if (current.from.kind === "day" && current.to.kind === "day") {
    const days = dayCount(current.from.date, current.to.date);
    if (!hasDaysBefore(current.from.date, days)) throw noPreviousPeriod();
    return period({ kind: "day", date: addDays(current.from.date, -days) }, { kind: "day", date: addDays(current.from.date, -1) }, timeZone);
  }
  const length = current.end.getTime() - current.start.getTime() + 1;
  const start = new Date(current.start.getTime() - length);
  if (start < startOfDay(calendar.firstDay, "UTC")) throw noPreviousPeriod();
  const end = new Date(current.start.getTime() - 1);
  return { from: { kind: "timestamp", instant: start }, to: { kind: "timestamp", instant: end }, start, end };
}
