import { describe, expect, it } from "vitest";
import { buildCalendarFeed } from "@/lib/calendar/feed";

const entry = { id: "0f5e7c1a-3b1f-4a65-9c39-7d1b8e0f2a11", content: "Standup", recordedAt: new Date("2026-03-29T07:30:00Z"), durationSeconds: 900 };
const feed = (timeZone: string) =>
  buildCalendarFeed([entry], {
    name: "Worklog",
    timeZone,
    host: "worklog.test",
    entryUrl: (id) => `https://worklog.test/?entry=${id}`,
    now: new Date("2026-04-01T00:00:00Z"),
  });

describe("the calendar feed's times", () => {
  it("are written in the account's zone with its VTIMEZONE: 09:30 in Berlin on the morning summer time starts", () => {
    const text = feed("Europe/Berlin");
    expect(text).toContain("BEGIN:VTIMEZONE");
    expect(text).toContain("DTSTART;TZID=Europe/Berlin:20260329T093000");
    expect(text).toContain("DTEND;TZID=Europe/Berlin:20260329T094500");
  });

  it("are written in UTC for a UTC account, and for a zone the rules are not known of", () => {
    for (const zone of ["UTC", "Mars/Olympus_Mons"]) {
      const text = feed(zone);
      expect(text, zone).not.toContain("BEGIN:VTIMEZONE");
      expect(text, zone).toContain("DTSTART:20260329T073000Z");
      expect(text, zone).toContain(`X-WR-TIMEZONE:${zone}`);
    }
  });
});
