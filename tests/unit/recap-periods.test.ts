import { describe, expect, it } from "vitest";
import { recapPeriods } from "@/lib/recaps/periods";

describe("recapPeriods", () => {
  it("offers today, yesterday, this week so far, last week, in weeks from Monday, and the last 30 days", () => {
    // 2026-11-25 is a Wednesday.
    expect(recapPeriods("2026-11-25", "monday")).toEqual([
      { id: "today", label: "Today", from: "2026-11-25", to: "2026-11-25" },
      { id: "yesterday", label: "Yesterday", from: "2026-11-24", to: "2026-11-24" },
      { id: "this_week", label: "This week", from: "2026-11-23", to: "2026-11-25" },
      { id: "last_week", label: "Last week", from: "2026-11-16", to: "2026-11-22" },
      { id: "last_30_days", label: "Last 30 days", from: "2026-10-27", to: "2026-11-25" },
    ]);
  });

  it("starts the weeks on Sunday when the account says so", () => {
    expect(recapPeriods("2026-11-25", "sunday").slice(2, 4)).toEqual([
      { id: "this_week", label: "This week", from: "2026-11-22", to: "2026-11-25" },
      { id: "last_week", label: "Last week", from: "2026-11-15", to: "2026-11-21" },
    ]);
  });

  it("on the first day of a week, this week is today and last week the seven days before", () => {
    expect(recapPeriods("2026-11-22", "sunday").slice(2, 4)).toEqual([
      { id: "this_week", label: "This week", from: "2026-11-22", to: "2026-11-22" },
      { id: "last_week", label: "Last week", from: "2026-11-15", to: "2026-11-21" },
    ]);
    expect(recapPeriods("2026-01-01", "monday")[3]).toEqual({ id: "last_week", label: "Last week", from: "2025-12-22", to: "2025-12-28" });
  });

  it("counts the last 30 days across months and leap days, today included", () => {
    expect(recapPeriods("2028-03-01", "monday").at(-1)).toEqual({ id: "last_30_days", label: "Last 30 days", from: "2028-02-01", to: "2028-03-01" });
  });
});
