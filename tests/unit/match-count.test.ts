import { describe, expect, it } from "vitest";
import { countOfMatches, matchCount } from "@/components/formatting/format";

describe("a list's total as the web app shows it", () => {
  it("is the number when exact, and the bound with a plus where the count stopped", () => {
    expect(matchCount({ total_count: 0, total_count_exact: true })).toBe("0");
    expect(matchCount({ total_count: 1005, total_count_exact: true })).toBe("1005");
    expect(matchCount({ total_count: 1000, total_count_exact: false })).toBe("1\u00a0000+");
    expect(matchCount({ total_count: 10000, total_count_exact: false })).toBe("10\u00a0000+");
  });

  it("says its noun in the singular only for one exact match", () => {
    expect(countOfMatches({ total_count: 1, total_count_exact: true }, "entry", "entries")).toBe("1 entry");
    expect(countOfMatches({ total_count: 2, total_count_exact: true }, "entry", "entries")).toBe("2 entries");
    expect(countOfMatches({ total_count: 1000, total_count_exact: false }, "entry", "entries")).toBe("1\u00a0000+ entries");
  });
});
