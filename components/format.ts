/** A duration as the whole app writes it: "1h 30m", "45m", "7h 5m", "4h" (lib/duration.ts). */
export { formatDuration } from "@/lib/duration";

export function formatDateTime(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone }).format(new Date(date));
}

/** The time of day alone, e.g. "9:30 AM", for a list whose day headings say the date. */
export function formatTime(date: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en", { timeStyle: "short", timeZone }).format(new Date(date));
}

export function countOf(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
