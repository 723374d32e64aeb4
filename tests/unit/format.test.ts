import { describe, expect, it } from "vitest";
import { formatDuration } from "@/components/format";

describe("a duration as the web app shows it", () => {
  it("reads seconds under a minute, else hours and minutes", () => {
    expect(formatDuration(20)).toBe("20 s");
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(2700)).toBe("45 min");
    expect(formatDuration(5400)).toBe("1 h 30 min");
    expect(formatDuration(7200)).toBe("2 h");
  });

  it("rounds to the minute without ever reading 60 minutes", () => {
    expect(formatDuration(3590)).toBe("1 h");
    expect(formatDuration(12 * 3600 - 10)).toBe("12 h");
    expect(formatDuration(11 * 3600 + 20 * 60 + 29)).toBe("11 h 20 min");
    expect(formatDuration(11 * 3600 + 20 * 60 + 30)).toBe("11 h 21 min");
  });
});
