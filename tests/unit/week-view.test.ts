import { describe, expect, it } from "vitest";
import { datePresetRange, datePresets, matchingDatePreset } from "@/lib/worklog/date-presets";
import { firstFreeSlot, firstShownHour, nowInWeek, slotTime, visibleHours, weekColumns, workingHours, type TimedItem } from "@/lib/worklog/week-layout";
import { weekOf } from "@/lib/time";

const entry = (id: string, recorded_at: string, duration_seconds: number | null, running = false): TimedItem => ({
  id,
  recorded_at,
  duration_seconds,
  running,
});
const pieces = (columns: ReturnType<typeof weekColumns<TimedItem>>) =>
  columns.flatMap(({ day, pieces: dayPieces }) =>
    dayPieces.map(({ item, kind, top, height, lane, lanes }) => ({ day, id: item.id, kind, top, height, lane, lanes })),
  );

describe("the week view's columns", () => {
  // 2026-11-23 is a Monday; Berlin is UTC+1 in November.
  const week = weekOf("2026-11-25", "monday");

  it("places a block from recorded_at − duration to recorded_at in the account's time zone, and a marker at recorded_at", () => {
    const columns = weekColumns(
      week,
      [entry("block", "2026-11-24T10:30:00Z", 5400), entry("marker", "2026-11-25T17:00:00Z", null)],
      "Europe/Berlin",
      new Date("2026-11-26T00:00:00Z"),
    );
    expect(columns.map((column) => column.day)).toEqual(week);
    expect(pieces(columns)).toEqual([
      { day: "2026-11-24", id: "block", kind: "block", top: 10 / 24, height: 1.5 / 24, lane: 0, lanes: 1 },
      { day: "2026-11-25", id: "marker", kind: "marker", top: 18 / 24, height: 0, lane: 0, lanes: 1 },
    ]);
    expect(columns.map((column) => column.seconds)).toEqual([0, 5400, 0, 0, 0, 0, 0]);
  });

  it("cuts a block at midnight into both days; the total counts it on the day it was recorded", () => {
    const columns = weekColumns(week, [entry("night", "2026-11-24T01:00:00Z", 3 * 3600)], "UTC", new Date("2026-11-26T00:00:00Z"));
    expect(pieces(columns)).toEqual([
      { day: "2026-11-23", id: "night", kind: "block", top: 22 / 24, height: 2 / 24, lane: 0, lanes: 1 },
      { day: "2026-11-24", id: "night", kind: "block", top: 0, height: 1 / 24, lane: 0, lanes: 1 },
    ]);
    expect(columns[1]!.seconds).toBe(3 * 3600);
  });

  it("puts overlapping blocks side by side and lets the next one have the whole width", () => {
    const columns = weekColumns(
      week,
      [entry("a", "2026-11-23T11:00:00Z", 7200), entry("b", "2026-11-23T10:30:00Z", 3600), entry("c", "2026-11-23T13:00:00Z", 3600)],
      "UTC",
      new Date("2026-11-26T00:00:00Z"),
    );
    expect(pieces(columns).map(({ id, lane, lanes }) => [id, lane, lanes])).toEqual([
      ["a", 0, 2],
      ["b", 1, 2],
      ["c", 0, 1],
    ]);
  });

  it("runs a running entry until now, and leaves out what falls outside the week", () => {
    const columns = weekColumns(
      week,
      [entry("timer", "2026-11-25T09:00:00Z", null, true), entry("before", "2026-11-22T12:00:00Z", 600)],
      "UTC",
      new Date("2026-11-25T10:00:00Z"),
    );
    expect(pieces(columns)).toEqual([{ day: "2026-11-25", id: "timer", kind: "block", top: 9 / 24, height: 1 / 24, lane: 0, lanes: 1 }]);
  });

  it("reads a day of 23 hours (clocks forward) whole", () => {
    // Europe/Berlin moves from 02:00 to 03:00 on 2026-03-29.
    const columns = weekColumns(
      weekOf("2026-03-29", "monday"),
      [entry("late", "2026-03-29T21:00:00Z", 3600)],
      "Europe/Berlin",
      new Date("2026-04-01T00:00:00Z"),
    );
    expect(pieces(columns)).toEqual([{ day: "2026-03-29", id: "late", kind: "block", top: 21 / 23, height: 1 / 23, lane: 0, lanes: 1 }]);
  });

  it("sets side by side the pieces that overlap as drawn: short blocks drawn taller, and markers among blocks", () => {
    const items = [entry("short", "2026-11-23T10:10:00Z", 600), entry("next", "2026-11-23T10:20:00Z", 600), entry("mark", "2026-11-23T10:25:00Z", null)];
    const at = new Date("2026-11-26T00:00:00Z");
    const lanes = (minExtent?: number) =>
      pieces(weekColumns(week, items, "UTC", at, minExtent === undefined ? {} : { minExtent })).map(({ id, lane, lanes: count }) => [id, lane, count]);
    // As their spans: one after the other, each the whole width.
    expect(lanes()).toEqual([
      ["short", 0, 1],
      ["next", 0, 1],
      ["mark", 0, 1],
    ]);
    // Drawn at least half an hour tall, they overlap: three lanes, the marker in the third.
    expect(lanes(0.5 / 24)).toEqual([
      ["short", 0, 3],
      ["next", 1, 3],
      ["mark", 2, 3],
    ]);
  });

  it("finds now in the week, as a fraction of its day in the account's time zone", () => {
    expect(nowInWeek(week, "Europe/Berlin", new Date("2026-11-25T18:20:00Z"))).toEqual({ day: "2026-11-25", fraction: 19.5 / 24 - 10 / (24 * 60) });
    expect(nowInWeek(week, "UTC", new Date("2026-12-01T10:00:00Z"))).toBeUndefined();
  });

  it("shows the working day at first, widened to every piece and to now", () => {
    const at = new Date("2026-11-26T00:00:00Z");
    const columnsOf = (...items: TimedItem[]) => weekColumns(week, items, "UTC", at);
    expect(visibleHours(columnsOf(entry("day", "2026-11-24T12:00:00Z", 3600)), undefined)).toEqual(workingHours);
    // A running entry from 19:20 until now, 20:05: shown to 21:00.
    const running = weekColumns(week, [entry("timer", "2026-11-24T19:20:00Z", null, true)], "UTC", new Date("2026-11-24T20:05:00Z"));
    const now = nowInWeek(week, "UTC", new Date("2026-11-24T20:05:00Z"));
    expect(visibleHours(running, now)).toEqual({ start: 7, end: 21 });
    // An early block, a late marker drawn half an hour tall, and the day's end kept.
    expect(visibleHours(columnsOf(entry("early", "2026-11-23T06:00:00Z", 5400), entry("late", "2026-11-25T23:50:00Z", null)), undefined, 0.5 / 24)).toEqual({
      start: 4,
      end: 24,
    });
  });

  it("scrolls first to the range's start when it fits, else to an hour before now, or to the week's first piece", () => {
    const at = new Date("2026-11-26T00:00:00Z");
    const columns = weekColumns(week, [entry("early", "2026-11-23T03:00:00Z", 3600), entry("late", "2026-11-24T22:00:00Z", 3600)], "UTC", at);
    const range = visibleHours(columns, undefined);
    expect(range).toEqual({ start: 2, end: 22 });
    expect(firstShownHour(columns, range, 24, undefined)).toBe(2);
    expect(firstShownHour(columns, range, 12, undefined)).toBe(2);
    expect(firstShownHour(columns, range, 12, { fraction: 14.5 / 24 })).toBe(10);
    // Late in the evening, the last hours of the range.
    expect(firstShownHour(columns, range, 12, { fraction: 21.5 / 24 })).toBe(10);
    expect(firstShownHour(columns, range, 8, { fraction: 21.5 / 24 })).toBe(14);
  });

  it("puts a day's add button in its first half-hour that no piece covers, from the first hour shown", () => {
    const at = new Date("2026-11-26T00:00:00Z");
    const [monday] = weekColumns(week, [entry("morning", "2026-11-23T08:00:00Z", 3600), entry("mark", "2026-11-23T08:05:00Z", null)], "UTC", at);
    expect(firstFreeSlot([], 7, 30)).toBe(14);
    // 07:00–08:00 is taken, the marker at 08:05 is in 08:00–08:30, and drawn half an hour tall reaches into 08:30–09:00.
    expect(firstFreeSlot(monday!.pieces, 7, 30)).toBe(17);
    expect(firstFreeSlot(monday!.pieces, 7, 30, 0.5 / 24)).toBe(18);
    expect(firstFreeSlot(monday!.pieces, 9, 30)).toBe(18);
    const full = weekColumns(week, [entry("all day", "2026-11-23T23:59:59Z", 86_399)], "UTC", at)[0]!;
    expect(firstFreeSlot(full.pieces, 7, 30)).toBe(14);
  });

  it("turns a click into a slot's wall-clock time, within the day", () => {
    expect(slotTime("2026-11-23", 10.7 / 24, 30)).toBe("2026-11-23T10:30");
    expect(slotTime("2026-11-23", 1, 30)).toBe("2026-11-23T23:30");
    expect(slotTime("2026-11-23", -0.1, 30)).toBe("2026-11-23T00:00");
  });
});

describe("the date filter's presets", () => {
  // 2026-11-25 04:30 UTC is still the 24th (a Tuesday) in Los Angeles, and the 25th (a Wednesday) in Tokyo.
  const now = new Date("2026-11-25T04:30:00Z");

  it("computes the days in the account's time zone", () => {
    expect(datePresetRange("today", now, "America/Los_Angeles", "monday")).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(datePresetRange("today", now, "Asia/Tokyo", "monday")).toEqual({ from: "2026-11-25", to: "2026-11-25" });
    expect(datePresetRange("yesterday", now, "Asia/Tokyo", "monday")).toEqual({ from: "2026-11-24", to: "2026-11-24" });
    expect(datePresetRange("last-30-days", now, "Asia/Tokyo", "monday")).toEqual({ from: "2026-10-27", to: "2026-11-25" });
    expect(datePresetRange("this-month", new Date("2026-12-01T02:00:00Z"), "America/New_York", "monday")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(datePresetRange("last-month", now, "UTC", "monday")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
  });

  it("starts weeks on the account's first day of the week", () => {
    expect(datePresetRange("this-week", now, "UTC", "monday")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(datePresetRange("this-week", now, "UTC", "sunday")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(datePresetRange("last-week", now, "UTC", "sunday")).toEqual({ from: "2026-11-15", to: "2026-11-21" });
    // Sunday the 22nd in Los Angeles: with weeks from Monday, that is the week of the 16th.
    expect(datePresetRange("this-week", new Date("2026-11-23T04:00:00Z"), "America/Los_Angeles", "monday")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
  });

  it("knows a range as its preset, and every preset as itself", () => {
    for (const preset of datePresets)
      expect(matchingDatePreset(datePresetRange(preset, now, "Asia/Tokyo", "sunday"), now, "Asia/Tokyo", "sunday")).toBe(preset);
    expect(matchingDatePreset({ from: "2026-11-01", to: "2026-11-02" }, now, "UTC", "monday")).toBeUndefined();
  });
});
