import { describe, expect, it } from "vitest";
import { calendarOccurrences } from "@/lib/calendar/calendar-events";
import { eventTitle } from "@/lib/calendar/feed";

// A subscribed calendar's events as node-ical reads them (lib/calendar/calendar-events.ts), and an
// entry's title in the feed (lib/calendar/feed.ts).

const calendar = (...events: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Tests//Tests//EN", ...events, "END:VCALENDAR", ""].join("\r\n");

const window = { from: new Date("2026-11-01T00:00:00Z"), to: new Date("2026-11-30T00:00:00Z") };

describe("a subscribed calendar's occurrences", () => {
  it("expands a weekly meeting across the end of summer time at its wall-clock time, with an exception and a moved occurrence", () => {
    const text = calendar(
      "BEGIN:VEVENT",
      "UID:weekly@tests",
      "DTSTART;TZID=Europe/Berlin:20261020T100000",
      "DTEND;TZID=Europe/Berlin:20261020T110000",
      "RRULE:FREQ=WEEKLY;COUNT=6",
      "EXDATE;TZID=Europe/Berlin:20261110T100000",
      "SUMMARY:Weekly sync",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:weekly@tests",
      "RECURRENCE-ID;TZID=Europe/Berlin:20261117T100000",
      "DTSTART;TZID=Europe/Berlin:20261117T140000",
      "DTEND;TZID=Europe/Berlin:20261117T143000",
      "SUMMARY:Weekly sync (moved)",
      "END:VEVENT",
    );
    const occurrences = calendarOccurrences(text, { from: new Date("2026-10-01T00:00:00Z"), to: window.to });
    expect(occurrences.map(({ uid, title, startsAt, endsAt }) => [uid, title, startsAt.toISOString(), endsAt.toISOString()])).toEqual([
      ["weekly@tests", "Weekly sync", "2026-10-20T08:00:00.000Z", "2026-10-20T09:00:00.000Z"],
      ["weekly@tests", "Weekly sync", "2026-10-27T09:00:00.000Z", "2026-10-27T10:00:00.000Z"],
      ["weekly@tests", "Weekly sync", "2026-11-03T09:00:00.000Z", "2026-11-03T10:00:00.000Z"],
      ["weekly@tests", "Weekly sync (moved)", "2026-11-17T13:00:00.000Z", "2026-11-17T13:30:00.000Z"],
      ["weekly@tests", "Weekly sync", "2026-11-24T09:00:00.000Z", "2026-11-24T10:00:00.000Z"],
    ]);
  });

  it("leaves out all-day, cancelled and future events, and those outside the window", () => {
    const text = calendar(
      "BEGIN:VEVENT",
      "UID:holiday@tests",
      "DTSTART;VALUE=DATE:20261105",
      "DTEND;VALUE=DATE:20261106",
      "SUMMARY:Holiday",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:cancelled@tests",
      "DTSTART:20261106T100000Z",
      "DTEND:20261106T110000Z",
      "STATUS:CANCELLED",
      "SUMMARY:Cancelled",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:later@tests",
      "DTSTART:20261205T100000Z",
      "DTEND:20261205T110000Z",
      "SUMMARY:Later",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:kept@tests",
      "DTSTART:20261107T100000Z",
      "DTEND:20261107T103000Z",
      "END:VEVENT",
    );
    expect(calendarOccurrences(text, window).map(({ uid, title }) => [uid, title])).toEqual([["kept@tests", "Meeting"]]);
  });

  it("throws on a text that is not a calendar (a sign-in page), rather than reading it as a calendar without events", () => {
    expect(() => calendarOccurrences("<html>Sign in</html>", window)).toThrow(/not an iCalendar file/);
    expect(calendarOccurrences(calendar(), window)).toEqual([]);
  });
});

describe("an entry's title in the feed", () => {
  it("is its first line that says something, without its markdown marker, cut at 200 characters", () => {
    expect(eventTitle("\n\n## Release review\nNotes")).toBe("Release review");
    expect(eventTitle("- Fixed the footer")).toBe("Fixed the footer");
    expect(eventTitle("   ")).toBe("Worklog entry");
    expect([...eventTitle("x".repeat(300))]).toHaveLength(200);
  });
});
