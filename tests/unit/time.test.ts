import { describe, expect, it } from "vitest";
import { instantOf, wallClock, weekOf } from "@/lib/time";

describe("weekOf", () => {
  it.each([
    ["2026-11-16", "2026-11-16"], // a Monday
    ["2026-11-22", "2026-11-16"], // a Sunday
    ["2026-01-01", "2025-12-29"], // across a year
  ])("puts %s in the week from Monday %s to Sunday", (day, monday) => {
    const week = weekOf(day);
    expect(week).toHaveLength(7);
    expect(week[0]).toBe(monday);
    expect(week).toContain(day);
  });

  it("counts whole calendar days", () => {
    expect(weekOf("2026-03-01")).toEqual(["2026-02-23", "2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01"]);
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
