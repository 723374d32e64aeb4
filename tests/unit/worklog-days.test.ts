import { describe, expect, it } from "vitest";
import { byMostRecentWork, dayHeading, entryWorklogPath, groupByDay } from "@/lib/worklog/days";

const entry = (id: string, recorded_at: string) => ({ id, recorded_at });

describe("byMostRecentWork", () => {
  it("orders by recorded_at, most recent first, then by the greater id", () => {
    const written = [
      entry("0196a000-0000-7000-8000-000000000001", "2026-11-16T09:00:00.000Z"),
      entry("0196a000-0000-7000-8000-000000000003", "2026-11-23T08:00:00.000Z"),
      entry("0196a000-0000-7000-8000-00000000000a", "2026-11-16T09:00:00.000Z"),
      entry("0196a000-0000-7000-8000-000000000002", "2026-11-23T08:30:00.000Z"),
    ];
    expect([...written].sort(byMostRecentWork).map((item) => item.id.slice(-2))).toEqual(["02", "03", "0a", "01"]);
  });
});

describe("groupByDay", () => {
  it("puts entries in runs of one calendar day of the time zone, keeping their order", () => {
    const entries = [
      entry("a", "2026-11-23T08:00:00.000Z"),
      entry("b", "2026-11-22T23:30:00.000Z"), // Monday 00:30 in Paris, Sunday in UTC
      entry("c", "2026-11-22T10:00:00.000Z"),
      entry("d", "2026-11-17T10:00:00.000Z"),
    ];
    const ids = (timeZone: string) => groupByDay(entries, timeZone).map(({ day, entries: inDay }) => [day, inDay.map((item) => item.id).join("")]);
    expect(ids("UTC")).toEqual([
      ["2026-11-23", "a"],
      ["2026-11-22", "bc"],
      ["2026-11-17", "d"],
    ]);
    expect(ids("Europe/Paris")).toEqual([
      ["2026-11-23", "ab"],
      ["2026-11-22", "c"],
      ["2026-11-17", "d"],
    ]);
  });

  it("has no days without entries", () => {
    expect(groupByDay([], "UTC")).toEqual([]);
  });
});

describe("dayHeading", () => {
  it.each([
    ["2026-11-23", { name: "Today", date: "Mon 23 Nov" }],
    ["2026-11-22", { name: "Yesterday", date: "Sun 22 Nov" }],
    ["2026-11-24", { name: "Tomorrow", date: "Tue 24 Nov" }],
    ["2026-11-17", { name: "Tue 17 Nov" }],
    ["2025-12-31", { name: "Wed 31 Dec 2025" }],
  ])("names %s as %j when today is 2026-11-23", (day, heading) => {
    expect(dayHeading(day, "2026-11-23")).toEqual(heading);
  });

  it("says Yesterday across the turn of a year", () => {
    expect(dayHeading("2025-12-31", "2026-01-01")).toEqual({ name: "Yesterday", date: "Wed 31 Dec 2025" });
  });
});

describe("entryWorklogPath", () => {
  it("links to the entry among the entries of its day in the account's time zone", () => {
    const entry = { id: "0196a000-0000-7000-8000-000000000001", recordedAt: new Date("2026-11-22T23:30:00.000Z") };
    expect(entryWorklogPath(entry, "UTC")).toBe("/?from=2026-11-22&to=2026-11-22#entry-0196a000-0000-7000-8000-000000000001");
    expect(entryWorklogPath(entry, "Europe/Paris")).toBe("/?from=2026-11-23&to=2026-11-23#entry-0196a000-0000-7000-8000-000000000001");
  });
});
