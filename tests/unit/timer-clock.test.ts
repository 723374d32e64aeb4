import { describe, expect, it } from "vitest";
import { formatClock, hoursAndMinutes, secondsSince, titleWithClock } from "@/components/timer/timer-clock";

// What the web app's timer shows and asks (components/timer/timer-clock.ts).

describe("the timer's reading", () => {
  it("reads hours, minutes and seconds, hours past a day included", () => {
    expect(formatClock(0)).toBe("0:00:00");
    expect(formatClock(7)).toBe("0:00:07");
    expect(formatClock(5025)).toBe("1:23:45");
    expect(formatClock(26 * 3600 + 180)).toBe("26:03:00");
  });

  it("counts whole seconds since the start, never below 0 when the clocks disagree", () => {
    const start = "2026-11-17T08:00:00.600Z";
    expect(secondsSince(start, Date.parse("2026-11-17T09:23:45Z") / 1000)).toBe(5025);
    expect(secondsSince(start, Date.parse("2026-11-17T07:59:00Z") / 1000)).toBe(0);
  });

  it("goes in front of the tab's title, once, and comes off it", () => {
    const running = titleWithClock("Projects · Worklog", 5025);
    expect(running).toBe("▶ 1:23:45 · Projects · Worklog");
    expect(titleWithClock(running, 5026)).toBe("▶ 1:23:46 · Projects · Worklog");
    expect(titleWithClock(running, null)).toBe("Projects · Worklog");
    expect(titleWithClock("Worklog", null)).toBe("Worklog");
  });
});

describe("the duration set for a long timer", () => {
  it("takes whole hours and minutes, either left empty", () => {
    expect(hoursAndMinutes("8", "30")).toBe(8 * 3600 + 30 * 60);
    expect(hoursAndMinutes(" 9 ", "")).toBe(9 * 3600);
    expect(hoursAndMinutes("", "45")).toBe(45 * 60);
    expect(hoursAndMinutes("168", "0")).toBe(604_800);
  });

  it("refuses nothing, fractions, signs, minutes past 59 and more than a week", () => {
    for (const [hours, minutes] of [
      ["", ""],
      ["0", "0"],
      ["1.5", ""],
      ["-1", "0"],
      ["1", "60"],
      ["168", "1"],
      ["169", ""],
      ["eight", ""],
      ["1e2", ""],
    ]) {
      expect(hoursAndMinutes(hours!, minutes!), `${hours}h ${minutes}m`).toBeUndefined();
    }
  });
});
