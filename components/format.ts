import { durationText } from "@/lib/worklog/composer-text";

/** A duration as hours and minutes, e.g. "1 h 30 min", "45 min", "20 s", "0 min". */
export function formatDuration(seconds: number): string {
  if (seconds > 0 && seconds < 60) return `${seconds} s`;
  const totalMinutes = Math.round(seconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes} min`;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** "45m", "1h30", "8h": short enough to sit above a chart's bar on a phone. */
export function formatShortDuration(seconds: number): string {
  return seconds < 3600 ? `${Math.max(1, Math.round(seconds / 60))}m` : durationText(seconds);
}

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
