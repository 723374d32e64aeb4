import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical from "ical-generator";

// The worklog as an iCalendar feed (docs/api.md, "Calendar feed"), written by ical-generator.
// Times are written in the account's zone (DTSTART;TZID=Europe/Berlin:…) with that zone's
// VTIMEZONE, from @touch4it/ical-timezones (ical-generator reads a time in a zone from a TZDate), so that a calendar app shows them as the worklog does
// on both sides of a change of daylight saving time. A zone it does not know, and UTC itself, is
// written in UTC; X-WR-TIMEZONE names the account's zone either way.

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
  const zoned = timeZone !== "UTC" && timeZone !== "Etc/UTC" && getVtimezoneComponent(timeZone) !== null;
  if (zoned) calendar.timezone({ name: timeZone, generator: getVtimezoneComponent });
  const inZone = (instant: number) => (zoned ? new TZDate(instant, timeZone) : new Date(instant));
  for (const entry of entries) {
    const url = entryUrl(entry.id);
    calendar.createEvent({
      id: `${entry.id}@${host}`,
      start: inZone(entry.recordedAt.getTime()),
      end: inZone(entry.recordedAt.getTime() + entry.durationSeconds * 1000),
      stamp: now,
      ...(zoned && { timezone: timeZone }),
      summary: eventTitle(entry.content),
      description: `${entry.content}\n\n${url}`,
      url,
    });
  }
  return calendar.toString();
}
