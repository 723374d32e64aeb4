// What the web app's timer shows and asks, as plain functions of the time (README "The web app").

/** A timer that has run longer than this asks, when stopped, whether to keep its hours. */
export const longTimerSeconds = 10 * 3600;

/** Seconds since `start` (an ISO timestamp) at `nowSeconds` (seconds since the epoch); never below 0. */
export function secondsSince(start: string, nowSeconds: number): number {
  return Math.max(0, nowSeconds - Math.floor(Date.parse(start) / 1000));
}

/** A stopwatch's reading: "0:00:07", "1:23:45", "26:03:00". */
export function formatClock(seconds: number): string {
  const two = (value: number) => String(value).padStart(2, "0");
  return `${Math.floor(seconds / 3600)}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

const clockTitle = /^▶ \d+:\d{2}:\d{2} · /;

/** The tab's title with the timer's reading in front, or without it when `seconds` is null. */
export function titleWithClock(title: string, seconds: number | null): string {
  const base = title.replace(clockTitle, "");
  return seconds === null ? base : `▶ ${formatClock(seconds)} · ${base}`;
}

/** The longest duration an entry holds (lib/worklog/schemas.ts). */
const maxDurationSeconds = 604_800;

/**
 * Hours and minutes as typed into the dialog of a long timer, as seconds; undefined unless they
 * are whole numbers (minutes under 60) that make at least a minute and at most a week.
 */
export function hoursAndMinutes(hours: string, minutes: string): number | undefined {
  const whole = (text: string, max: number) => (text.trim() === "" ? 0 : /^\d{1,3}$/.test(text.trim()) && Number(text) <= max ? Number(text) : undefined);
  const h = whole(hours, 168);
  const m = whole(minutes, 59);
  if (h === undefined || m === undefined) return undefined;
  const seconds = h * 3600 + m * 60;
  return seconds >= 60 && seconds <= maxDurationSeconds ? seconds : undefined;
}
