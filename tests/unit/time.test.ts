import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarDay,
  dayCount,
  endOfDay,
  instantOf,
  isValidCalendarDate,
  lastDayOfMonth,
  parseTimestamp,
  rangeEnd,
  rangeStart,
  startOfDay,
  wallClock,
  weekOf,
} from "@/lib/time";
import { calendarDateSchema, rangeBoundSchema, timestampSchema } from "@/lib/time-schemas";
import { currentWeek } from "@/lib/worklog/current-week";

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
    expect(currentWeek("America/New_York", "monday", now)).toMatchObject({
      days: expect.arrayContaining(["2026-11-16", "2026-11-22"]),
      start: new Date("2026-11-16T05:00:00Z"),
    });
    expect(currentWeek("UTC", "monday", now).days[0]).toBe("2026-11-23");
  });
});

describe("calendarDay", () => {
  it("is the day a calendar in the zone shows, across offsets, changes of offset and years", () => {
    const zones = ["UTC", "Europe/Paris", "America/New_York", "Pacific/Kiritimati", "Etc/GMT+12", "Asia/Kolkata", "Australia/Lord_Howe"];
    const instants = [
      "2026-03-29T00:59:59.999Z",
      "2026-03-29T01:00:00.000Z",
      "2026-11-01T05:59:59.000Z",
      "2026-12-31T23:30:00.000Z",
      "2027-01-01T10:00:00.000Z",
      "2026-06-15T13:45:00.000Z",
    ];
    for (const timeZone of zones) {
      const calendar = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
      for (const instant of instants.map((text) => new Date(text)))
        expect(calendarDay(instant, timeZone), `${instant.toISOString()} in ${timeZone}`).toBe(calendar.format(instant));
    }
  });
});

describe("the calendar's edges: 0001-01-01 to 9999-12-31", () => {
  /** A day as the API writes it: four digits of year, never a Date's `+010000` or `-000001`. */
  const plainDay = /^\d{4}-\d{2}-\d{2}$/;
  const plainInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
  // The zones furthest east and west, and two whose local mean time of year 1 is far from UTC (Kiritimati's −10:29, Manila's −15:56).
  const zones = ["UTC", "Etc/GMT-14", "Etc/GMT+12", "Pacific/Kiritimati", "Asia/Manila", "America/Sitka"];

  it("holds the dates of years 0001 to 9999, and no other", () => {
    for (const day of ["0001-01-01", "0001-12-31", "0099-02-28", "0100-03-01", "2024-02-29", "9999-12-31"]) expect(isValidCalendarDate(day), day).toBe(true);
    for (const day of ["0000-12-31", "0000-01-01", "10000-01-01", "+010000-01-01", "0001-02-29", "2026-02-30", "9999-12-32", "-0001-01-01"])
      expect(isValidCalendarDate(day), day).toBe(false);
  });

  it("counts its days by arithmetic, and moves by days without leaving it", () => {
    expect(addDays("0001-01-01", 3_652_058)).toBe("9999-12-31");
    expect(addDays("9999-12-31", -3_652_058)).toBe("0001-01-01");
    expect(addDays("9999-12-30", 1)).toBe("9999-12-31");
    expect(addDays("0001-01-02", -1)).toBe("0001-01-01");
    for (const [day, count] of [
      ["9999-12-31", 1],
      ["9999-12-25", 7],
      ["0001-01-01", -1],
      ["0001-01-03", -30],
      ["9999-12-31", 2 ** 31],
    ] as const) {
      const moved = addDays(day, count);
      expect(moved, `${day} ${count}`).toMatch(plainDay);
      expect(isValidCalendarDate(moved), `${day} ${count}: ${moved}`).toBe(true);
    }
    expect(dayCount("0001-01-01", "9999-12-31")).toBe(3_652_059);
    expect(dayCount("9999-12-30", "9999-12-30")).toBe(1);
    expect(dayCount("9999-12-31", "9999-12-30")).toBe(0);
  });

  it("has weeks of its own days only at its ends", () => {
    expect(weekOf("9999-12-31", "monday")).toEqual(["9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30", "9999-12-31"]);
    expect(weekOf("9999-12-31", "sunday")).toEqual(["9999-12-26", "9999-12-27", "9999-12-28", "9999-12-29", "9999-12-30", "9999-12-31"]);
    // 0001-01-01 was a Monday (in the proleptic Gregorian calendar).
    expect(weekOf("0001-01-03", "monday")).toEqual(["0001-01-01", "0001-01-02", "0001-01-03", "0001-01-04", "0001-01-05", "0001-01-06", "0001-01-07"]);
    expect(weekOf("0001-01-01", "sunday")).toEqual(["0001-01-01", "0001-01-02", "0001-01-03", "0001-01-04", "0001-01-05", "0001-01-06"]);
  });

  it("ends months as calendars do, December of 9999 and February of year 1 included", () => {
    expect(lastDayOfMonth("9999-12")).toBe("9999-12-31");
    expect(lastDayOfMonth("0001-02")).toBe("0001-02-28");
    expect(lastDayOfMonth("0004-02")).toBe("0004-02-29");
    expect(lastDayOfMonth("2100-02")).toBe("2100-02-28");
    expect(lastDayOfMonth("2026-04")).toBe("2026-04-30");
  });

  it("reads its first and last days in any zone as instants of the calendar, the day again in that zone", () => {
    for (const timeZone of zones) {
      for (const day of ["0001-01-01", "0001-01-02", "9999-12-30", "9999-12-31"]) {
        const start = rangeStart({ kind: "day", date: day }, timeZone);
        const end = rangeEnd({ kind: "day", date: day }, timeZone);
        const where = `${day} in ${timeZone}: ${start.toISOString()} to ${end.toISOString()}`;
        expect(start.toISOString(), where).toMatch(plainInstant);
        expect(end.toISOString(), where).toMatch(plainInstant);
        expect(start.getTime(), where).toBeLessThan(end.getTime());
        expect([calendarDay(start, timeZone), calendarDay(end, timeZone)], where).toEqual([day, day]);
      }
    }
    for (const timeZone of zones) {
      for (const day of ["0001-01-01", "9999-12-31"]) {
        expect([startOfDay(day, timeZone), endOfDay(day, timeZone)], `${day} in ${timeZone}`).toEqual([
          rangeStart({ kind: "day", date: day }, timeZone),
          rangeEnd({ kind: "day", date: day }, timeZone),
        ]);
      }
    }
    // A whole day of UTC−12 ends after 9999-12-31 in UTC: it stops at the calendar's last instant.
    expect(rangeEnd({ kind: "day", date: "9999-12-31" }, "Etc/GMT+12").toISOString()).toBe("9999-12-31T23:59:59.999Z");
    expect(rangeStart({ kind: "day", date: "0001-01-01" }, "Etc/GMT-14").toISOString()).toBe("0001-01-01T00:00:00.000Z");
    expect(rangeStart({ kind: "day", date: "0001-01-01" }, "Etc/GMT+12").toISOString()).toBe("0001-01-01T12:00:00.000Z");
  });

  it("takes timestamps whose day is one of its days in every zone, and shows them there", () => {
    expect(parseTimestamp("0001-01-02T00:00:00Z")?.toISOString()).toBe("0001-01-02T00:00:00.000Z");
    expect(parseTimestamp("9999-12-30T23:59:59.999Z")?.toISOString()).toBe("9999-12-30T23:59:59.999Z");
    expect(parseTimestamp("0050-06-15T12:00:00+02:00")?.toISOString()).toBe("0050-06-15T10:00:00.000Z");
    for (const value of ["9999-12-31T23:00:00-12:00", "9999-12-31T00:00:00Z", "0001-01-01T23:59:59Z", "0001-01-02T00:00:00+01:00", "0000-12-31T00:00:00Z"]) {
      expect(parseTimestamp(value), value).toBeUndefined();
    }
    for (const timeZone of zones) {
      for (const instant of [new Date("0001-01-02T00:00:00.000Z"), new Date("9999-12-30T23:59:59.999Z")]) {
        const shown = wallClock(instant, timeZone);
        expect(shown, `${instant.toISOString()} in ${timeZone}`).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
        expect(isValidCalendarDate(calendarDay(instant, timeZone)), `${shown} in ${timeZone}`).toBe(true);
        expect(instantOf(shown, timeZone).getTime(), `${shown} in ${timeZone}`).toBe(Math.floor(instant.getTime() / 60_000) * 60_000);
      }
    }
  });

  it("refuses dates and timestamps outside it with a message that says the range", () => {
    const message = (schema: typeof rangeBoundSchema | typeof timestampSchema | typeof calendarDateSchema, value: string) =>
      schema.safeParse(value).error?.issues[0]?.message;
    expect(message(rangeBoundSchema, "0000-12-31")).toBe("must be a date between 0001-01-01 and 9999-12-31");
    expect(message(rangeBoundSchema, "9999-12-31T23:59:59-12:00")).toBe("must be a timestamp between 0001-01-02T00:00:00.000Z and 9999-12-30T23:59:59.999Z");
    expect(message(rangeBoundSchema, "10000-01-01")).toBe("must be a date (YYYY-MM-DD) or an RFC 3339 timestamp");
    expect(message(timestampSchema, "0001-01-01T00:00:00Z")).toBe("must be a timestamp between 0001-01-02T00:00:00.000Z and 9999-12-30T23:59:59.999Z");
    expect(message(calendarDateSchema, "0000-01-01")).toBe("must be a date between 0001-01-01 and 9999-12-31");
    expect(message(calendarDateSchema, "")).toBe("must be a date (YYYY-MM-DD)");
    expect(rangeBoundSchema.parse("0001-01-01")).toEqual({ kind: "day", date: "0001-01-01" });
    expect(rangeBoundSchema.parse("9999-12-31")).toEqual({ kind: "day", date: "9999-12-31" });
  });
});
