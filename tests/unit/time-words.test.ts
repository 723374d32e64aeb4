import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatDayRange,
  formatDuration,
  formatFullDateTime,
  formatHour,
  formatMonth,
  formatTime,
  formatTimeRange,
  formatWeek,
  formatWallClock,
  formatWeekday,
  hourCycleOfAcceptLanguage,
  hourCycleOfLocale,
  type Clock,
} from "@/lib/formatting/time-words";

// Every way the app writes a date, a time, a range or a duration for people, to the exact string.
// A narrow no-break space (\u202f) joins a time to its AM or PM.

const utc12: Clock = { timeZone: "UTC", hourCycle: 12 };
const utc24: Clock = { timeZone: "UTC", hourCycle: 24 };
const paris12: Clock = { timeZone: "Europe/Paris", hourCycle: 12 };
const paris24: Clock = { timeZone: "Europe/Paris", hourCycle: 24 };
const tokyo12: Clock = { timeZone: "Asia/Tokyo", hourCycle: 12 };
const newYork24: Clock = { timeZone: "America/New_York", hourCycle: 24 };

describe("a time of day", () => {
  it.each([
    ["2026-11-28T18:08:31Z", utc12, "6:08\u202fPM"],
    ["2026-11-28T18:08:31Z", utc24, "18:08"],
    ["2026-11-28T18:08:31Z", paris12, "7:08\u202fPM"],
    ["2026-11-28T18:08:31Z", paris24, "19:08"],
    ["2026-11-28T00:05:00Z", utc12, "12:05\u202fAM"],
    ["2026-11-28T00:05:00Z", utc24, "00:05"],
    ["2026-11-28T12:00:00Z", utc12, "12:00\u202fPM"],
    ["2026-07-01T08:30:00Z", paris24, "10:30"],
    ["2026-07-01T08:30:00Z", newYork24, "04:30"],
  ])("%s on %o is %s", (instant, clock, written) => {
    expect(formatTime(instant, clock)).toBe(written);
    expect(formatTime(new Date(instant), clock)).toBe(written);
  });

  it.each([
    ["09:30", 12, "9:30\u202fAM"],
    ["00:00", 12, "12:00\u202fAM"],
    ["13:05", 12, "1:05\u202fPM"],
    ["09:30", 24, "09:30"],
    ["13:05", 24, "13:05"],
  ] as const)("the wall-clock time %s on a %i-hour clock is %s", (time, cycle, written) => {
    expect(formatWallClock(time, cycle)).toBe(written);
  });

  it.each([
    [0, 12, "12\u202fAM"],
    [9, 12, "9\u202fAM"],
    [12, 12, "12\u202fPM"],
    [23, 12, "11\u202fPM"],
    [0, 24, "00:00"],
    [9, 24, "09:00"],
    [23, 24, "23:00"],
  ] as const)("hour %i on a %i-hour axis is %s", (hour, cycle, written) => {
    expect(formatHour(hour, cycle)).toBe(written);
  });
});

describe("a date and a time", () => {
  it.each([
    ["2026-11-28T18:08:31Z", utc12, "28 Nov 2026, 6:08\u202fPM"],
    ["2026-11-28T18:08:31Z", utc24, "28 Nov 2026, 18:08"],
    ["2026-11-28T23:30:00Z", paris12, "29 Nov 2026, 12:30\u202fAM"],
    ["2026-11-28T23:30:00Z", paris24, "29 Nov 2026, 00:30"],
    ["2026-01-01T02:00:00Z", newYork24, "31 Dec 2025, 21:00"],
  ])("%s on %o is %s", (instant, clock, written) => {
    expect(formatDateTime(instant, clock)).toBe(written);
  });

  it.each([
    ["2026-11-28T18:08:31Z", utc12, "Saturday 28 November 2026, 6:08:31\u202fPM UTC"],
    ["2026-11-28T18:08:31Z", paris24, "Saturday 28 November 2026, 19:08:31 GMT+1"],
    ["2026-07-04T03:04:05Z", newYork24, "Friday 3 July 2026, 23:04:05 EDT"],
  ])("in full, %s on %o is %s", (instant, clock, written) => {
    expect(formatFullDateTime(instant, clock)).toBe(written);
  });
});

describe("a day", () => {
  it.each([
    ["2026-11-28", {}, "Sat 28 Nov"],
    ["2026-11-28", { withYear: true }, "Sat 28 Nov 2026"],
    ["2025-12-31", { withYear: true }, "Wed 31 Dec 2025"],
    ["2026-11-02", { long: true }, "Monday 2 November"],
    ["2026-11-02", { long: true, withYear: true }, "Monday 2 November 2026"],
  ])("%s with %o is %s", (day, options, written) => {
    expect(formatDay(day, options)).toBe(written);
  });

  it("writes a date without its weekday, with or without its year", () => {
    expect(formatDate("2026-11-28")).toBe("28 Nov 2026");
    expect(formatDate("2026-03-02", { withYear: false })).toBe("2 Mar");
  });

  it("names weekdays short or long", () => {
    expect(formatWeekday("2026-11-28")).toBe("Sat");
    expect(formatWeekday("2026-11-29", { long: true })).toBe("Sunday");
  });

  it("writes a month with its year, or short without it", () => {
    expect(formatMonth("2026-11")).toBe("November 2026");
    expect(formatMonth("2026-05", { short: true })).toBe("May");
    expect(formatMonth("2027-01", { short: true, withYear: true })).toBe("Jan 2027");
  });
});

describe("a range of days", () => {
  it.each([
    ["2026-11-23", "2026-11-29", "23–29 Nov 2026"],
    ["2026-11-28", "2026-12-04", "28 Nov – 4 Dec 2026"],
    ["2026-12-28", "2027-01-03", "28 Dec 2026 – 3 Jan 2027"],
    ["2026-11-28", "2026-11-28", "28 Nov 2026"],
  ])("%s to %s is %s", (from, to, written) => {
    expect(formatDayRange(from, to)).toBe(written);
  });

  it.each([
    ["2026-11-28", "monday", "23–29 Nov 2026"],
    ["2026-11-28", "sunday", "22–28 Nov 2026"],
    ["2026-11-29", "sunday", "29 Nov – 5 Dec 2026"],
    ["2026-12-31", "monday", "28 Dec 2026 – 3 Jan 2027"],
  ] as const)("the week of %s starting on %s is %s", (day, weekStart, written) => {
    expect(formatWeek(day, weekStart)).toBe(written);
  });
});

describe("a range of times", () => {
  const at = (time: string) => `2026-11-28T${time}:00Z`;

  it.each([
    [at("19:08"), at("19:20"), utc12, "7:08–7:20\u202fPM"],
    [at("19:08"), at("19:20"), utc24, "19:08–19:20"],
    [at("09:00"), at("09:45"), utc12, "9:00–9:45\u202fAM"],
    [at("11:50"), at("12:20"), utc12, "11:50\u202fAM–12:20\u202fPM"],
    [at("11:50"), at("12:20"), utc24, "11:50–12:20"],
    [at("17:00"), at("18:30"), paris12, "6:00–7:30\u202fPM"],
    [at("17:00"), at("18:30"), paris24, "18:00–19:30"],
    [at("14:00"), at("14:50"), tokyo12, "11:00–11:50\u202fPM"],
  ])("%s to %s on %o is %s", (start, end, clock, written) => {
    expect(formatTimeRange(start, end, clock)).toBe(written);
  });

  it.each([
    [at("23:30"), "2026-11-29T01:00:00Z", utc12, "Sat 28 Nov 11:30\u202fPM – Sun 29 Nov 1:00\u202fAM"],
    [at("23:30"), "2026-11-29T01:00:00Z", utc24, "Sat 28 Nov 23:30 – Sun 29 Nov 01:00"],
    [at("14:00"), at("15:30"), tokyo12, "Sat 28 Nov 11:00\u202fPM – Sun 29 Nov 12:30\u202fAM"],
    [at("22:30"), at("23:30"), paris24, "Sat 28 Nov 23:30 – Sun 29 Nov 00:30"],
    ["2026-12-31T23:00:00Z", "2027-01-01T01:00:00Z", utc24, "Thu 31 Dec 2026 23:00 – Fri 1 Jan 2027 01:00"],
  ])("across midnight, %s to %s on %o is %s, with the days", (start, end, clock, written) => {
    expect(formatTimeRange(start, end, clock)).toBe(written);
  });

  it("writes one time for a span within one minute", () => {
    expect(formatTimeRange("2026-11-28T19:08:05Z", "2026-11-28T19:08:40Z", utc12)).toBe("7:08\u202fPM");
    expect(formatTimeRange("2026-11-28T19:08:05Z", "2026-11-28T19:08:40Z", paris24)).toBe("20:08");
  });
});

describe("a duration", () => {
  it.each([
    [20, "20s"],
    [0, "0m"],
    [2700, "45m"],
    [5400, "1h 30m"],
    [7 * 3600 + 5 * 60, "7h 5m"],
    [4 * 3600, "4h"],
    [3590, "1h"],
    [12 * 3600 - 10, "12h"],
    [11 * 3600 + 20 * 60 + 29, "11h 20m"],
    [11 * 3600 + 20 * 60 + 30, "11h 21m"],
  ])("%i seconds is %s, rounded to the minute, never 60m", (seconds, written) => {
    expect(formatDuration(seconds)).toBe(written);
  });
});

describe("the hour cycle a browser's language uses", () => {
  it.each([
    ["en-US", 12],
    ["en-GB", 24],
    ["de-DE", 24],
    ["en-AU", 12],
    ["not a language tag", 24],
  ] as const)("%s reads a %i-hour clock", (locale, cycle) => {
    expect(hourCycleOfLocale(locale)).toBe(cycle);
  });

  it.each([
    ["en-US,en;q=0.9", 12],
    ["fr-FR,fr;q=0.9,en-US;q=0.8", 24],
    ["*", 12],
    [null, 12],
    ["", 12],
  ] as const)("Accept-Language %o reads a %i-hour clock", (header, cycle) => {
    expect(hourCycleOfAcceptLanguage(header)).toBe(cycle);
  });
});
