import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { accessOf, personalRow } from "../support/access";
import { calendarOccurrences } from "@/lib/calendar/calendar-events";
import { createCalendarFeed, revokeCalendarFeed } from "@/lib/calendar/feed-tokens";
import { calendarFeedResponse } from "@/lib/calendar/feed-response";
import { storeOccurrences } from "@/lib/calendar/refresh-job";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { wallClock } from "@/lib/time";
import { createEntry, updateEntry } from "@/lib/worklog/entries";
import { dismissSuggestions, listSuggestions, logSuggestion, undoDismissal } from "@/lib/worklog/suggestions";

// Calendars (docs/api.md, "Calendar feed", "Calendar subscriptions") on both databases: the feed
// read back by node-ical, an independent parser, event by event across a change of daylight
// saving time; and a subscribed calendar's meetings stored and suggested.

let accounts = 0;
const newUser = (timezone = "UTC") => getDb().user.create({ data: { email: `calendar-${++accounts}@example.com`, timezone } });

const feedRequest = (token: string, headers: Record<string, string> = {}) =>
  calendarFeedResponse(new Request(`http://localhost:3000/cal/${token}.ics`, { headers }), `${token}.ics`, new Date("2026-11-01T12:00:00Z"));

const eventsOf = (text: string) =>
  Object.values(ical.sync.parseICS(text))
    .filter((component): component is VEvent => component?.type === "VEVENT")
    .sort((a, b) => a.start.getTime() - b.start.getTime());

describe("the calendar feed", () => {
  it("holds the person's entries with a duration, at their instants on both sides of the end of summer time in Berlin", async () => {
    const user = await newUser("Europe/Berlin");
    const access = await accessOf(user);
    // Saturday October 24, 10:00 in Berlin (CEST, UTC+2), and Monday October 26, 10:00 (CET, UTC+1): summer time ends on Sunday the 25th.
    const before = await createEntry(
      access,
      { content: "# Release review\n\nWent through the notes.", recorded_at: new Date("2026-10-24T08:00:00Z"), duration_seconds: 5400 },
      "api",
    );
    const after = await createEntry(
      access,
      { content: "Pairing on the importer", recorded_at: new Date("2026-10-26T09:00:00Z"), duration_seconds: 1800 },
      "api",
    );
    await createEntry(access, { content: "No duration: not an event", recorded_at: new Date("2026-10-27T09:00:00Z") }, "api");
    await createEntry(access, { content: "Too old", recorded_at: new Date("2026-07-01T09:00:00Z"), duration_seconds: 600 }, "api");
    await createEntry(
      await accessOf(await newUser()),
      { content: "Someone else's", recorded_at: new Date("2026-10-26T09:00:00Z"), duration_seconds: 600 },
      "api",
    );

    const { token } = await createCalendarFeed(access);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const response = await feedRequest(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toContain("private");
    const text = await response.text();
    expect(text).toContain("X-WR-TIMEZONE:Europe/Berlin");
    // Written in the account's zone, with its rules: 10:00 on both sides of the change.
    expect(text).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Europe\/Berlin\r\n/);
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20261024T100000");
    expect(text).toContain("DTEND;TZID=Europe/Berlin:20261024T113000");
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20261026T100000");
    const events = eventsOf(text);
    expect(events.map((event) => event.uid)).toEqual([`${before.id}@localhost`, `${after.id}@localhost`]);
    const [first, second] = events;
    expect(first!.summary).toBe("Release review");
    expect(first!.start.toISOString()).toBe("2026-10-24T08:00:00.000Z");
    expect(first!.end!.toISOString()).toBe("2026-10-24T09:30:00.000Z");
    expect(wallClock(first!.start, "Europe/Berlin")).toBe("2026-10-24T10:00");
    expect(first!.description).toContain("Went through the notes.");
    expect(first!.description).toContain(`/?entry=${before.id}`);
    expect(second!.summary).toBe("Pairing on the importer");
    expect(second!.start.toISOString()).toBe("2026-10-26T09:00:00.000Z");
    expect(second!.end!.toISOString()).toBe("2026-10-26T09:30:00.000Z");
    expect(wallClock(second!.start, "Europe/Berlin")).toBe("2026-10-26T10:00");
  });

  it("answers 304 while nothing changed, and a new ETag once an entry changes; a revoked or replaced token is a 404", async () => {
    const user = await newUser("Europe/Berlin");
    const access = await accessOf(user);
    const entry = await createEntry(access, { content: "Planning", recorded_at: new Date("2026-10-30T09:00:00Z"), duration_seconds: 3600 }, "api");
    const { token } = await createCalendarFeed(access);
    const first = await feedRequest(token);
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;
    expect(etag).toMatch(/^".+"$/);
    expect((await feedRequest(token, { "if-none-match": etag })).status).toBe(304);
    expect((await feedRequest(token, { "if-modified-since": lastModified })).status).toBe(304);
    expect((await feedRequest(token, { "if-modified-since": new Date(Date.parse(lastModified) - 1000).toUTCString() })).status).toBe(200);

    await updateEntry(access, entry.id, { content: "Planning, longer" });
    const changed = await feedRequest(token, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(eventsOf(await changed.text())[0]!.summary).toBe("Planning, longer");

    const replacement = await createCalendarFeed(access);
    expect((await feedRequest(token)).status).toBe(404);
    expect((await feedRequest(replacement.token)).status).toBe(200);
    await revokeCalendarFeed(access);
    expect((await feedRequest(replacement.token)).status).toBe(404);
    await expect(revokeCalendarFeed(access)).rejects.toThrow(AppError);
    expect((await feedRequest("not-a-token")).status).toBe(404);
  });
});

const teamCalendar = (summary = "Standup") => `BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Tests//Tests//EN
BEGIN:VEVENT
UID:standup@tests
DTSTART;TZID=Europe/Berlin:20261116T093000
DTEND;TZID=Europe/Berlin:20261116T094500
RRULE:FREQ=DAILY;COUNT=5
EXDATE;TZID=Europe/Berlin:20261118T093000
SUMMARY:${summary}
END:VEVENT
BEGIN:VEVENT
UID:planning@tests
DTSTART:20261120T130000Z
DTEND:20261120T140000Z
SUMMARY:Sprint planning
END:VEVENT
BEGIN:VEVENT
UID:holiday@tests
DTSTART;VALUE=DATE:20261119
DTEND;VALUE=DATE:20261120
SUMMARY:Holiday
END:VEVENT
END:VCALENDAR
`;

const window = { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-25T00:00:00Z") };
const period = { from: { kind: "day", date: "2026-11-16" }, to: { kind: "day", date: "2026-11-20" } } as const;

async function subscribedUser() {
  const user = await newUser("Europe/Berlin");
  const subscription = await getDb().calendarSubscription.create({
    data: { ...(await personalRow(user)), url: "https://calendar.example.com/team.ics", name: "Team" },
  });
  await storeOccurrences(subscription, calendarOccurrences(teamCalendar(), window), window.from, window.to);
  return { user, subscription };
}

describe("a subscribed calendar", () => {
  it("has its past meetings suggested, each occurrence of a recurring one its own, and stores them once however often it is refreshed", async () => {
    const { user, subscription } = await subscribedUser();
    await storeOccurrences(subscription, calendarOccurrences(teamCalendar("Daily standup"), window), window.from, window.to);
    expect(await getDb().calendarEvent.count({ where: { subscriptionId: subscription.id } })).toBe(5);
    const suggestions = (await listSuggestions(await accessOf(user), period)).filter((suggestion) => suggestion.kind === "calendar");
    expect(suggestions.map((suggestion) => [suggestion.day, suggestion.title, suggestion.calendar_event!.duration_seconds])).toEqual([
      ["2026-11-20", "Sprint planning", 3600],
      ["2026-11-20", "Daily standup", 900],
      ["2026-11-19", "Daily standup", 900],
      ["2026-11-17", "Daily standup", 900],
      ["2026-11-16", "Daily standup", 900],
    ]);
    expect(suggestions[1]).toMatchObject({ recorded_at: "2026-11-20T08:30:00.000Z", repository: null, calendar_event: { calendar_name: "Team" } });
    expect((await getDb().calendarSubscription.findUniqueOrThrow({ where: { id: subscription.id } })).lastFetchedAt).not.toBeNull();
  });

  it("takes dismissals, their undo, and a logged meeting out of the suggestions; another person's event is a 404", async () => {
    const { user } = await subscribedUser();
    const access = await accessOf(user);
    const calendarOnes = async () => (await listSuggestions(access, period)).filter((suggestion) => suggestion.kind === "calendar");
    const [planning, standup] = await calendarOnes();
    expect(await dismissSuggestions(access, { calendar_event_ids: [standup!.calendar_event!.id] })).toEqual({
      dismissed: { commits: 0, pull_requests: 0, calendar_events: 1 },
    });
    expect((await calendarOnes()).map((suggestion) => suggestion.id)).not.toContain(standup!.id);
    await undoDismissal(access, { calendar_event_ids: [standup!.calendar_event!.id] });
    expect((await calendarOnes()).map((suggestion) => suggestion.id)).toContain(standup!.id);

    const entry = await logSuggestion(
      access,
      {
        content: planning!.content,
        recorded_at: new Date(planning!.recorded_at),
        duration_seconds: planning!.calendar_event!.duration_seconds,
        calendar_event_id: planning!.calendar_event!.id,
      },
      "web",
    );
    expect(entry).toMatchObject({ content: "Sprint planning", durationSeconds: 3600, recordedAt: new Date("2026-11-20T13:00:00Z") });
    expect((await calendarOnes()).map((suggestion) => suggestion.id)).not.toContain(planning!.id);

    const stranger = await accessOf(await newUser());
    await expect(dismissSuggestions(stranger, { calendar_event_ids: [standup!.calendar_event!.id] })).rejects.toMatchObject({ kind: "not_found" });
    expect((await calendarOnes()).map((suggestion) => suggestion.id)).toContain(standup!.id);
  });
});
