/**
 * The one way the app writes a duration (the web app, recaps, reports, the timer): hours and
 * minutes as people jot them, "1h 30m", "45m", "7h 5m", "4h"; under a minute, seconds ("20s").
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
