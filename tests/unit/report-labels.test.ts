import { describe, expect, it } from "vitest";
import { bucketLabels, formatChange, formatDays, formatShare } from "@/components/reports/labels";

describe("the reports page's labels", () => {
  it("says a change with its sign and its part of what was before", () => {
    expect(formatChange(9000, 7200)).toBe("+30m (+25%)");
    expect(formatChange(3600, 4500)).toBe("\u221215m (\u221220%)");
    expect(formatChange(3600, 0)).toBe("+1h (new)");
    expect(formatChange(0, 3600)).toBe("\u22121h (\u2212100%)");
    expect(formatChange(60, 60)).toBe("No change");
    expect(formatChange(12, 10, String)).toBe("+2 (+20%)");
  });

  it("rounds shares, a sliver showing as <1%", () => {
    expect(formatShare(0.6667)).toBe("67%");
    expect(formatShare(0.001)).toBe("<1%");
    expect(formatShare(0)).toBe("0%");
  });

  it("names periods and bars by their days", () => {
    expect(formatDays({ from: "2026-11-02", to: "2026-11-08" })).toBe("2–8 Nov 2026");
    expect(formatDays({ from: "2026-12-28", to: "2027-01-03" })).toBe("28 Dec 2026 – 3 Jan 2027");
    expect(bucketLabels("2026-11-25", "day", false)).toEqual({ lines: ["Wed", "25"], full: "Wed 25 Nov" });
    expect(bucketLabels("2026-11-23", "week", false)).toEqual({ lines: ["Nov", "23"], full: "Week of 23 Nov" });
    expect(bucketLabels("2026-11", "month", true)).toEqual({ lines: ["Nov", "2026"], full: "November 2026" });
    expect(bucketLabels("2026-12", "month", false)).toEqual({ lines: ["Dec", ""], full: "December 2026" });
    expect(bucketLabels("2027-01", "month", false)).toEqual({ lines: ["Jan", "2027"], full: "January 2027" });
  });
});
