import { describe, expect, it } from "vitest";
import { addDays, calendarDay, instantOf, wallClock, weekOf } from "@/lib/time";
import { currentWeek } from "@/lib/web/week";

describe("weekOf", () => {
  it.each([
    ["2026-11-16", "2026-11-16"], // a Monday
    ["2026-11-22", "2026-11-16"], // a Sunday
    ["2026-01-01", "2025-12-29"], // across a year
  ])("puts %s in the week from Monday %s to Sunday", (day, monday) => {
    const week = weekOf(day, "monday");
    expect(week).toHaveLength(7);
    expect(week[0]).toBe(monday);
    expect(week).toContain(day);
  });

  it("counts whole calendar days", () => {
    expect(weekOf("2026-03-01", "monday")).toEqual(["2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01"]);
  });

  it.each([
    ["2026-11-22", "2026-11-22"], // a Sunday begins its own week
    ["2026-11-23", "2026-11-22"], // a Monday
    ["2026-11-28", "2026-11-22"], // a Saturday ends it
    ["2026-01-02", "2025-12-28"], // across a year
  ])("with weeks starting on Sunday, puts %s in the week from Sunday %s to Saturday", (day, sunday) => {
    const week = weekOf(day, "sunday");
    expect(week).toEqual([sunday, ...Array.from({ length: 6 }, (_, index) => addDays(sunday, index + 1))]);
    expect(new Date(`${week[6]}T00:00:00Z`).getUTCDay()).toBe(6);
    expect(week).toContain(day);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-02-28", 1, "2026-03-01"],
    ["2028-02-28", 1, "2028-02-29"], // a leap year
    ["2026-01-01", -1, "2025-12-31"],
    ["2026-03-29", 7, "2026-04-05"], // across a change of clocks, which calendar days ignore
  ])("moves %s by %i days to %s", (day, count, expected) => {
    expect(addDays(day, count)).toBe(expected);
  });
});

describe("instantOf and wallClock", () => {
  it.each([
    ["2026-11-22T09:30", "UTC", "2026-11-22T09:30:00.000Z"],
    ["2026-11-22T09:30", "Europe/Paris", "2026-11-22T08:30:00.000Z"],
    ["2026-07-01T00:15", "America/New_York", "2026-07-01T04:15:00.000Z"],
    ["2026-03-29T03:30", "Europe/Paris", "2026-03-29T01:30:00.000Z"], // just after the clocks went forward
  ])("read %s in %s as %s, and back", (local, timeZone, iso) => {
    expect(instantOf(local, timeZone).toISOString()).toBe(iso);
    expect(wallClock(new Date(iso), timeZone)).toBe(local);
  });
});

describe("currentWeek", () => {
  // Sunday 22 November, 22:00 in New York; Monday 23 November in UTC.
  const now = new Date("2026-11-23T03:00:00Z");

  it("is the week of today in the time zone, from the account's first day of the week", () => {
    expect(currentWeek("America/New_York", "sunday", now)).toEqual({
      days: ["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"],
      start: new Date("2026-11-22T05:00:00Z"),
    });
    expect(currentWeek("America/New_York", "monday", now)).toMatchObject({ days: expect.arrayContaining(["2026-11-16", "2026-11-22"]), start: new Date("2026-11-16T05:00:00Z") });
    expect(currentWeek("UTC", "monday", now).days[0]).toBe("2026-11-23");
  });
});

describe("calendarDay", () => {
  it("is the day a calendar in the zone shows, across offsets, changes of offset and years", () => {
    const zones = ["UTC", "Europe/Paris", "America/New_York", "Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kolkata", "Australia/Lord_Howe"];
    const instants = ["2026-03-29T00:59:59.999Z", "2026-03-29T01:00:00.000Z", "2026-11-01T05:59:59.000Z", "2026-12-31T23:30:00.000Z", "2027-01-01T10:00:00.000Z", "2026-06-15T13:45:00.000Z"];
    for (const timeZone of zones) {
      const calendar = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
      for (const instant of instants.map((text) => new Date(text))) expect(calendarDay(instant, timeZone), `${instant.toISOString()} in ${timeZone}`).toBe(calendar.format(instant));
    }
  });
});
