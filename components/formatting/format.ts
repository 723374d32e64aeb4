/** A duration as the whole app writes it: "1h 30m", "45m", "7h 5m", "4h" (lib/duration.ts). */
export { formatDuration } from "@/lib/duration";

export function formatDateTime(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(date));
}

/** The time of day alone, e.g. "9:30 AM", for a list whose day headings say the date. */
export function formatTime(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en", { timeStyle: "short", timeZone }).format(new Date(date));
}

/** The hour and minute of `date`, and its AM or PM where the clock has one. */
function clockParts(date: Date, timeZone: string): { clock: string; period: string } {
  const parts = new Intl.DateTimeFormat("en", { timeStyle: "short", timeZone }).formatToParts(date);
  const period = parts.find((part) => part.type === "dayPeriod")?.value ?? "";
  const clock = parts
    .filter((part) => part.type !== "dayPeriod")
    .map((part) => part.value)
    .join("")
    .trim();
  return { clock, period };
}

/**
 * From one time of day to another, e.g. "7:08–7:20 PM", or "11:50 AM–12:20 PM" across noon
 * (one time, "7:08 PM", for a span within a minute): a worked span in a list whose day headings
 * say the date.
 */
export function formatTimeRange(start: Date | string, end: Date | string, timeZone: string): string {
  const from = clockParts(new Date(start), timeZone);
  const to = clockParts(new Date(end), timeZone);
  const suffix = (period: string) => (period ? `\u202f${period}` : "");
  if (from.clock === to.clock && from.period === to.period) return `${to.clock}${suffix(to.period)}`;
  if (from.period === to.period) return `${from.clock}–${to.clock}${suffix(to.period)}`;
  return `${from.clock}${suffix(from.period)}–${to.clock}${suffix(to.period)}`;
}

export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
