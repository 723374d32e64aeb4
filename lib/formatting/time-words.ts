import { addDays, calendarDay, weekOf, type WeekStart } from "@/lib/time";

/**
 * The one way the app writes dates, times, ranges and durations for people: every page, the
 * recaps, the share pages and emails call it. Days read day-month ("Sat 28 Nov", "28 Nov 2026");
 * times follow the account's hour cycle ("7:08 PM" or "19:08"). The API writes ISO 8601 instead.
 */

/** Whether a clock reads 1:30 PM (12) or 13:30 (24). */
export type HourCycle = 12 | 24;
export const hourCycles = [12, 24] as const satisfies HourCycle[];

/** What writing a moment depends on: the account's time zone and hour cycle. */
export type Clock = { timeZone: string; hourCycle: HourCycle };

/** The hour cycle a locale's people expect ("en-US" 12, "en-GB" 24); 24 for a tag the runtime cannot read. */
export function hourCycleOfLocale(locale: string | undefined): HourCycle {
  try {
    const cycle = new Intl.DateTimeFormat(locale || "en", { hour: "numeric" }).resolvedOptions().hourCycle;
    return cycle === "h11" || cycle === "h12" ? 12 : 24;
  } catch {
    return 24;
  }
}

/** The hour cycle of the first language of an Accept-Language header, e.g. "en-GB,en;q=0.9" → 24. */
export function hourCycleOfAcceptLanguage(header: string | null | undefined): HourCycle {
  const first = header?.split(",")[0]?.split(";")[0]?.trim();
  return hourCycleOfLocale(first && first !== "*" ? first : undefined);
}

// Formatters are made once per options: making one costs more than writing with it.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat("en-US", options)));
  return format;
}

type Part = Intl.DateTimeFormatPartTypes;
function partsOf(date: Date, options: Intl.DateTimeFormatOptions): Partial<Record<Part, string>> {
  return Object.fromEntries(
    formatter(options)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
}

/** A calendar day (YYYY-MM-DD) as an instant that falls on it in UTC. */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);
const dayParts = (day: string) => partsOf(noonOf(day), { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const short = (name: string | undefined) => (name ?? "").slice(0, 3);

/** A day of the week: "Sat", or "Saturday" when `long`. */
export function formatWeekday(day: string, { long = false } = {}): string {
  const { weekday } = dayParts(day);
  return long ? (weekday ?? "") : short(weekday);
}

/** The day of the month alone, "28". */
export const formatDayOfMonth = (day: string) => String(Number(day.slice(8, 10)));

/** A date without its weekday: "28 Nov 2026", or "28 Nov" without its year. */
export function formatDate(day: string, { withYear = true } = {}): string {
  const { month, year } = dayParts(day);
  return [formatDayOfMonth(day), short(month), ...(withYear ? [year] : [])].join(" ");
}

/** A day as a list's heading names it: "Sat 28 Nov", with its year when asked, "Wed 31 Dec 2025"; `long`, "Saturday 28 November". */
export function formatDay(day: string, { withYear = false, long = false } = {}): string {
  const { weekday, month, year } = dayParts(day);
  const words = long ? [weekday, formatDayOfMonth(day), month] : [short(weekday), formatDayOfMonth(day), short(month)];
  return [...words, ...(withYear ? [year] : [])].join(" ");
}

/** A month (YYYY-MM): "November 2026"; "Nov" when `short` and without its year. */
export function formatMonth(month: string, { short: isShort = false, withYear }: { short?: boolean; withYear?: boolean } = {}): string {
  const { month: name, year } = dayParts(`${month}-01`);
  return [isShort ? short(name) : name, ...((withYear ?? !isShort) ? [year] : [])].join(" ");
}

/** From one day to another, both included: "23–29 Nov 2026", "28 Nov – 4 Dec 2026", "28 Dec 2026 – 3 Jan 2027"; one day, "28 Nov 2026". */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return formatDate(from);
  if (from.slice(0, 4) !== to.slice(0, 4)) return `${formatDate(from)} – ${formatDate(to)}`;
  if (from.slice(0, 7) !== to.slice(0, 7)) return `${formatDate(from, { withYear: false })} – ${formatDate(to)}`;
  return `${formatDayOfMonth(from)}–${formatDate(to)}`;
}

/** The week (its first day by `weekStart`) that holds `day`, as a day range: "23–29 Nov 2026". */
export function formatWeek(day: string, weekStart: WeekStart): string {
  const days = weekOf(day, weekStart);
  return formatDayRange(days[0]!, days.at(-1)!);
}

/** The hour and minute of an instant, and its AM or PM on a 12-hour clock. */
function clockParts(date: Date, { timeZone, hourCycle }: Clock): { clock: string; period: string } {
  const twelve = hourCycle === 12;
  const { hour, minute, dayPeriod } = partsOf(date, { hour: twelve ? "numeric" : "2-digit", minute: "2-digit", hourCycle: twelve ? "h12" : "h23", timeZone });
  return { clock: `${hour}:${minute}`, period: twelve ? (dayPeriod ?? "") : "" };
}

// A narrow no-break space keeps "7:08 PM" on one line, and is written the same by every runtime.
const withPeriod = ({ clock, period }: { clock: string; period: string }) => (period ? `${clock}\u202f${period}` : clock);

/** The time of day alone: "7:08 PM" or "19:08". */
export function formatTime(date: Date | string, clock: Clock): string {
  return withPeriod(clockParts(new Date(date), clock));
}

/** A wall-clock time (HH:mm) of no day or zone, e.g. a schedule's: "9:30 AM" or "09:30". */
export function formatWallClock(time: string, hourCycle: HourCycle): string {
  return formatTime(`2000-01-01T${time}:00Z`, { timeZone: "UTC", hourCycle });
}

/** A whole hour (0–23) as an hour axis labels it: "9 AM" or "09:00". */
export function formatHour(hour: number, hourCycle: HourCycle): string {
  if (hourCycle === 24) return `${String(hour).padStart(2, "0")}:00`;
  return `${hour % 12 || 12}\u202f${hour < 12 ? "AM" : "PM"}`;
}

/** A moment with its date: "28 Nov 2026, 7:08 PM". */
export function formatDateTime(date: Date | string, clock: Clock): string {
  const instant = new Date(date);
  return `${formatDate(calendarDay(instant, clock.timeZone))}, ${formatTime(instant, clock)}`;
}

/** A moment written out in full, for a tooltip: "Saturday 28 November 2026, 7:08:31 PM GMT+1". */
export function formatFullDateTime(date: Date | string, clock: Clock): string {
  const instant = new Date(date);
  const day = calendarDay(instant, clock.timeZone);
  const { second, timeZoneName } = partsOf(instant, { second: "2-digit", timeZoneName: "short", timeZone: clock.timeZone });
  const { clock: time, period } = clockParts(instant, clock);
  return `${formatDay(day, { long: true, withYear: true })}, ${withPeriod({ clock: `${time}:${second?.padStart(2, "0")}`, period })} ${timeZoneName}`;
}

/**
 * From one moment to another: "7:08–7:20 PM", "11:50 AM–12:20 PM" across noon, "19:08–19:20";
 * across midnight each end with its day, "Sat 28 Nov 11:30 PM – Sun 29 Nov 1:00 AM". A span
 * within one minute is one time, "7:08 PM".
 */
export function formatTimeRange(start: Date | string, end: Date | string, clock: Clock): string {
  const [startDate, endDate] = [new Date(start), new Date(end)];
  const from = clockParts(startDate, clock);
  const to = clockParts(endDate, clock);
  const [startDay, endDay] = [calendarDay(startDate, clock.timeZone), calendarDay(endDate, clock.timeZone)];
  if (startDay !== endDay) {
    const withYear = startDay.slice(0, 4) !== endDay.slice(0, 4);
    return `${formatDay(startDay, { withYear })} ${withPeriod(from)} – ${formatDay(endDay, { withYear })} ${withPeriod(to)}`;
  }
  if (from.clock === to.clock && from.period === to.period) return withPeriod(to);
  if (from.period === to.period) return withPeriod({ clock: `${from.clock}–${to.clock}`, period: to.period });
  return `${withPeriod(from)}–${withPeriod(to)}`;
}

/**
 * A duration as people jot it: "1h 30m", "45m", "7h 5m", "4h"; under a minute, seconds ("20s").
 * Rounded to the minute, so it never reads "60m".
 */
export function formatDuration(seconds: number): string {
  if (seconds > 0 && seconds < 60) return `${seconds}s`;
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes}m`;
  return minutes === 0 ? `${hours}h` : `${hours}h ${minutes}m`;
}

/** A day relative to `today` when it is near: "Today", "Yesterday", "Tomorrow"; otherwise undefined. */
export function relativeDayName(day: string, today: string): string | undefined {
  return (
    [
      [0, "Today"],
      [-1, "Yesterday"],
      [1, "Tomorrow"],
    ] as const
  ).find(([offset]) => addDays(today, offset) === day)?.[1];
}
