import { z } from "zod";

const rfc3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$/;
const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An RFC 3339 timestamp with any offset and any number of fractional digits, to the millisecond. */
export function parseTimestamp(value: string): Date | undefined {
  const match = rfc3339.exec(value.trim());
  if (!match) return undefined;
  const [, date, time, fraction = "", offset] = match;
  if (!isValidCalendarDate(date!) || !/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(time!)) return undefined;
  const milliseconds = fraction.padEnd(3, "0").slice(0, 3);
  const parsed = new Date(`${date}T${time}.${milliseconds}${offset!.toUpperCase()}`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

export const timestampSchema = z
  .string()
  .transform((value, context) => {
    const parsed = parseTimestamp(value);
    if (!parsed) {
      context.addIssue({ code: "custom", message: "must be an RFC 3339 timestamp" });
      return z.NEVER;
    }
    return parsed;
  })
  .meta({ format: "date-time", description: "An RFC 3339 timestamp with any offset; kept to the millisecond." });

export function isValidCalendarDate(value: string): boolean {
  const match = calendarDate.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** A time zone's formatter of wall-clock parts, made once: making one costs more than using it. */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** Minutes to add to UTC to get the wall-clock time in `timeZone` at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  // UTC, a common zone of accounts, needs no formatting.
  if (timeZone === "UTC") return 0;
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const wallClock = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return Math.round((wallClock - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time (YYYY-MM-DDTHH:mm, as a datetime-local input gives it) shows in a time zone. */
export function instantOf(localDateTime: string, timeZone: string): Date {
  const asUtc = new Date(`${localDateTime}:00.000Z`);
  // Two passes settle days on which the offset changes.
  let instant = new Date(asUtc.getTime() - offsetMinutes(asUtc, timeZone) * 60_000);
  instant = new Date(asUtc.getTime() - offsetMinutes(instant, timeZone) * 60_000);
  return instant;
}

/** The wall-clock time (YYYY-MM-DDTHH:mm) of an instant in a time zone: instantOf's inverse. */
export function wallClock(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 16);
}

/** The instant a calendar day (YYYY-MM-DD) begins in a time zone. */
export function startOfDay(date: string, timeZone: string): Date {
  return instantOf(`${date}T00:00`, timeZone);
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/**
 * A bound of a date range, given as a timestamp or a calendar day. Days are read in the
 * account's time zone, inclusively: `from` is the day's first instant, `to` its last.
 */
export type RangeBound = { kind: "timestamp"; instant: Date } | { kind: "day"; date: string };

export const rangeBoundSchema = z.string().transform((value, context): RangeBound => {
  const trimmed = value.trim();
  if (isValidCalendarDate(trimmed)) return { kind: "day", date: trimmed };
  const instant = parseTimestamp(trimmed);
  if (instant) return { kind: "timestamp", instant };
  context.addIssue({ code: "custom", message: "must be a date (YYYY-MM-DD) or an RFC 3339 timestamp" });
  return z.NEVER;
}).meta({ description: "A date (YYYY-MM-DD, the whole day in the account's time zone) or an RFC 3339 timestamp." });

export function rangeStart(bound: RangeBound, timeZone: string): Date {
  return bound.kind === "timestamp" ? bound.instant : startOfDay(bound.date, timeZone);
}

export function rangeEnd(bound: RangeBound, timeZone: string): Date {
  return bound.kind === "timestamp" ? bound.instant : new Date(startOfDay(addDays(bound.date, 1), timeZone).getTime() - 1);
}

/** The day a week begins on, an account's setting (users.week_start). */
export const weekStarts = ["monday", "sunday"] as const;
export type WeekStart = (typeof weekStarts)[number];

/** The seven calendar days (YYYY-MM-DD) of the week that holds `day`, from its first day, Monday or Sunday. */
export function weekOf(day: string, weekStart: WeekStart): string[] {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  const firstWeekday = { sunday: 0, monday: 1 }[weekStart]; // numbered as getUTCDay numbers them
  const first = addDays(day, -((weekday - firstWeekday + 7) % 7));
  return Array.from({ length: 7 }, (_, index) => addDays(first, index));
}
