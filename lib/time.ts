const rfc3339 = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:\d{2})$/;
const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

const DAY_MS = 86_400_000;

/**
 * The calendar the service knows (docs/api.md, "Conventions"): days from 0001-01-01 to
 * 9999-12-31, which every date of a request must be, and which day arithmetic never leaves, so
 * that a day is always written YYYY-MM-DD (a Date writes year 10000 as `+010000`).
 */
export const calendar = { firstDay: "0001-01-01", lastDay: "9999-12-31" } as const;

/** Days since 1970-01-01 of a calendar day (YYYY-MM-DD). */
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00.000Z`) / DAY_MS;
const firstDayNumber = dayNumber(calendar.firstDay);
const lastDayNumber = dayNumber(calendar.lastDay);
/** The first instant of the calendar in UTC, and the first after it. */
const calendarStart = firstDayNumber * DAY_MS;
const calendarEnd = (lastDayNumber + 1) * DAY_MS;

/** The calendar day of a day number, the calendar's first or last day beyond it. */
function dayOfNumber(number: number): string {
  return new Date(Math.min(Math.max(number, firstDayNumber), lastDayNumber) * DAY_MS).toISOString().slice(0, 10);
}

/** An instant (milliseconds) moved into the calendar's instants, from its first to its last in UTC. */
const withinCalendar = (milliseconds: number) => Math.min(Math.max(milliseconds, calendarStart), calendarEnd - 1);

/**
 * The instants a timestamp of a request may be: those whose day is one of the calendar's in
 * every time zone (offsets, old local mean times included, stay under a day), so that wherever
 * it is shown its day is a date the API accepts back.
 */
export const timestampRange = { first: new Date(calendarStart + DAY_MS), last: new Date(calendarEnd - DAY_MS - 1) } as const;

export const isInTimestampRange = (instant: Date) => instant >= timestampRange.first && instant <= timestampRange.last;

/** An RFC 3339 timestamp with any offset and any number of fractional digits, to the millisecond, in its form alone. */
export function parseTimestampForm(value: string): Date | undefined {
  const match = rfc3339.exec(value.trim());
  if (!match) return undefined;
  const [, date, time, fraction = "", offset] = match;
  if (!isCalendarDateForm(date!) || !/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.test(time!)) return undefined;
  const milliseconds = fraction.padEnd(3, "0").slice(0, 3);
  const parsed = new Date(`${date}T${time}.${milliseconds}${offset!.toUpperCase()}`);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

/** An RFC 3339 timestamp (parseTimestampForm) in the timestamps' range. */
export function parseTimestamp(value: string): Date | undefined {
  const parsed = parseTimestampForm(value);
  return parsed && isInTimestampRange(parsed) ? parsed : undefined;
}

/** A date written YYYY-MM-DD that a calendar has, whatever its year (0000 too). */
export function isCalendarDateForm(value: string): boolean {
  if (!calendarDate.test(value)) return false;
  const parsed = Date.parse(`${value}T00:00:00.000Z`);
  // Date.parse rolls 02-30 over into March: the day must come back as written.
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === value;
}

/** A date (YYYY-MM-DD) of the calendar, 0001-01-01 to 9999-12-31. */
export function isValidCalendarDate(value: string): boolean {
  return isCalendarDateForm(value) && value >= calendar.firstDay;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** A time zone's formatter of wall-clock parts, made once: making one costs more than using it. */
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/** Milliseconds since the epoch of a UTC date and time; unlike Date.UTC, years 0–99 are those years, not 1900–1999. */
function utcMilliseconds(year: number, month: number, day: number, hour: number, minute: number, second: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second);
  return date.getTime();
}

/**
 * Minutes to add to UTC to get the wall-clock time in `timeZone` at `instant`. Beyond the
 * timestamps' range, the offset at its first or last instant (the same on the calendar's edge
 * days): nearer the calendar's ends, a zone's wall clock may show year 0, which a formatter
 * writes as year 1 (of another era).
 */
function offsetMinutes(instant: Date, timeZone: string): number {
  // UTC, a common zone of accounts, needs no formatting.
  if (timeZone === "UTC") return 0;
  const at = Math.min(Math.max(instant.getTime(), timestampRange.first.getTime()), timestampRange.last.getTime());
  const parts = Object.fromEntries(
    wallClockFormat(timeZone)
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const wallClock = utcMilliseconds(+parts.year!, +parts.month!, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return Math.round((wallClock - Math.floor(at / 1000) * 1000) / 60_000);
}

/** The instant a wall-clock time, given as the milliseconds it would be in UTC, shows in a time zone. */
function instantAt(asUtc: number, timeZone: string): number {
  // Two passes settle days on which the offset changes.
  const first = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  return asUtc - offsetMinutes(new Date(first), timeZone) * 60_000;
}

/** The instant a wall-clock time (YYYY-MM-DDTHH:mm, as a datetime-local input gives it) shows in a time zone. */
export function instantOf(localDateTime: string, timeZone: string): Date {
  return new Date(instantAt(Date.parse(`${localDateTime}:00.000Z`), timeZone));
}

/** The wall-clock time (YYYY-MM-DDTHH:mm) of an instant in a time zone: instantOf's inverse. */
export function wallClock(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000).toISOString().slice(0, 16);
}

/**
 * The instant a calendar day (YYYY-MM-DD) begins in a time zone; the calendar's first instant
 * for a day that begins before it (its first day, east of UTC).
 */
export function startOfDay(date: string, timeZone: string): Date {
  return new Date(withinCalendar(instantAt(dayNumber(date) * DAY_MS, timeZone)));
}

/** The last instant (to the millisecond) of a calendar day in a time zone; the calendar's last for a day that ends after it. */
export function endOfDay(date: string, timeZone: string): Date {
  return new Date(withinCalendar(instantAt((dayNumber(date) + 1) * DAY_MS, timeZone) - 1));
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
export function calendarDay(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).slice(0, 10);
}

/** The calendar day (YYYY-MM-DD) `count` days after `day` (before it when negative); the calendar's first or last day beyond it. */
export function addDays(day: string, count: number): string {
  return dayOfNumber(dayNumber(day) + count);
}

/** The number of calendar days from `from` to `to`, both included (0 or less when `to` comes first). */
export function dayCount(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The last day (YYYY-MM-DD) of a month (YYYY-MM). */
export function lastDayOfMonth(month: string): string {
  const date = new Date(0);
  // Day 0 of the next month.
  date.setUTCFullYear(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0);
  return date.toISOString().slice(0, 10);
}

/**
 * A bound of a date range, given as a timestamp or a calendar day. Days are read in the
 * account's time zone, inclusively: `from` is the day's first instant, `to` its last.
 */
export type RangeBound = { kind: "timestamp"; instant: Date } | { kind: "day"; date: string };

export function rangeStart(bound: RangeBound, timeZone: string): Date {
  return bound.kind === "timestamp" ? bound.instant : startOfDay(bound.date, timeZone);
}

export function rangeEnd(bound: RangeBound, timeZone: string): Date {
  return bound.kind === "timestamp" ? bound.instant : endOfDay(bound.date, timeZone);
}

/** The day a week begins on, an account's setting (users.week_start). */
export const weekStarts = ["monday", "sunday"] as const;
export type WeekStart = (typeof weekStarts)[number];

/**
 * The calendar days (YYYY-MM-DD) of the week that holds `day`, from its first day, Monday or
 * Sunday: seven, but for the calendar's first and last weeks, which hold only its own days.
 */
export function weekOf(day: string, weekStart: WeekStart): string[] {
  const number = dayNumber(day);
  const weekday = new Date(number * DAY_MS).getUTCDay();
  const firstWeekday = { sunday: 0, monday: 1 }[weekStart]; // numbered as getUTCDay numbers them
  const first = number - ((weekday - firstWeekday + 7) % 7);
  const numbers = Array.from({ length: 7 }, (_, index) => first + index).filter((each) => each >= firstDayNumber && each <= lastDayNumber);
  return numbers.map(dayOfNumber);
}
