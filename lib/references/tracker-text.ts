import type { Tracker } from "./schemas";

/** The trackers as the project form writes them, one a line: `PAY https://linear.app/acme/issue/{key}`. */
export const trackersText = (trackers: readonly Tracker[]) => trackers.map((tracker) => `${tracker.prefix} ${tracker.url_template}`).join("\n");

/** The form's lines read back, each prefix upper-cased; the schema then checks them. */
export function trackersFromText(text: string): Tracker[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [prefix = "", ...rest] = line.split(/\s+/);
      return { prefix: prefix.toUpperCase(), url_template: rest.join(" ") };
    });
}
