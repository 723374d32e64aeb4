import ical from "ical-generator";

// The worklog as an iCalendar feed (docs/api.md, "Calendar feed"), written by ical-generator.
// Without a VTIMEZONE generator installed, the times are written in UTC and the account's zone is
// named by X-WR-TIMEZONE, which calendar apps read as the calendar's zone: an instant in UTC is
// the same instant in every zone, on both sides of a change of daylight saving time.

/** What an event of the feed is made of: an entry with a duration. */
export type FeedEntry = { id: string; content: string; recordedAt: Date; durationSeconds: number };

export type FeedOptions = {
  /** The calendar's name, as apps show it. */
  name: string;
  /** The account's IANA time zone. */
  timeZone: string;
  /** The host that names the events' UIDs (`<entry id>@<host>`). */
  host: string;
  /** The link back to an entry in the web app. */
  entryUrl: (id: string) => string;
  /** DTSTAMP: when the feed was written. */
  now: Date;
};

/** An event's title: the entry's first line that says something, cut at 200 characters. */
export function eventTitle(content: string): string {
  const line = content
    .split(/\r?\n/)
    .map((text) => text.replace(/^\s*(?:#+|[-*+]|\d+\.)\s+/, "").trim())
    .find((text) => text !== "");
  if (!line) return "Worklog entry";
  return [...line].length > 200 ? `${[...line].slice(0, 199).join("")}…` : line;
}

export function buildCalendarFeed(entries: readonly FeedEntry[], { name, timeZone, host, entryUrl, now }: FeedOptions): string {
  const calendar = ical({ name, prodId: { company: "Worklog", product: "Worklog", language: "EN" }, x: [["X-WR-TIMEZONE", timeZone]] });
  for (const entry of entries) {
    const url = entryUrl(entry.id);
    calendar.createEvent({
      id: `${entry.id}@${host}`,
      start: entry.recordedAt,
      end: new Date(entry.recordedAt.getTime() + entry.durationSeconds * 1000),
      stamp: now,
      summary: eventTitle(entry.content),
      description: `${entry.content}\n\n${url}`,
      url,
    });
  }
  return calendar.toString();
}
