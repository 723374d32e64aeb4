import { describe, expect, it } from "vitest";
import { formatDuration, formatTimeRange } from "@/components/formatting/format";

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

describe("a span of the day as the list writes it", () => {
  const at = (time: string) => `2026-11-28T${time}:00Z`;

  it("names the half of the day once when both ends share it", () => {
    expect(formatTimeRange(at("19:08"), at("19:20"), "UTC")).toBe("7:08–7:20\u202fPM");
    expect(formatTimeRange(at("09:00"), at("09:45"), "UTC")).toBe("9:00–9:45\u202fAM");
  });

  it("names both halves across noon or midnight", () => {
    expect(formatTimeRange(at("11:50"), at("12:20"), "UTC")).toBe("11:50\u202fAM–12:20\u202fPM");
    expect(formatTimeRange(at("23:30"), "2026-11-29T01:00:00Z", "UTC")).toBe("11:30\u202fPM–1:00\u202fAM");
  });

  it("writes one time for a span within one minute", () => {
    expect(formatTimeRange("2026-11-28T19:08:05Z", "2026-11-28T19:08:40Z", "UTC")).toBe("7:08\u202fPM");
  });

  it("reads both ends in the account's zone", () => {
    expect(formatTimeRange(at("17:00"), at("18:30"), "Europe/Paris")).toBe("6:00–7:30\u202fPM");
  });
});
