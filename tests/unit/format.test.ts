import { describe, expect, it } from "vitest";
import { formatDuration } from "@/components/format";

describe("a duration as the app writes it", () => {
  it("reads hours and minutes as people jot them, seconds under a minute", () => {
    expect(formatDuration(20)).toBe("20s");
    expect(formatDuration(0)).toBe("0m");
    expect(formatDuration(2700)).toBe("45m");
    expect(formatDuration(5400)).toBe("1h 30m");
    expect(formatDuration(7 * 3600 + 5 * 60)).toBe("7h 5m");
    expect(formatDuration(4 * 3600)).toBe("4h");
  });

  it("rounds to the minute without ever reading 60 minutes", () => {
    expect(formatDuration(3590)).toBe("1h");
    expect(formatDuration(12 * 3600 - 10)).toBe("12h");
    expect(formatDuration(11 * 3600 + 20 * 60 + 29)).toBe("11h 20m");
    expect(formatDuration(11 * 3600 + 20 * 60 + 30)).toBe("11h 21m");
  });
});
