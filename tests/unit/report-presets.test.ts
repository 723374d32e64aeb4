import { describe, expect, it } from "vitest";
import { bucketDays, chartBucket, presetPeriod } from "@/lib/reports/presets";
import { reportCsvHref, reportsHref, reportViewFromSearch, rowFilter, worklogHrefFor } from "@/lib/reports/view";

const search = (query: string) => new URLSearchParams(query);

describe("presetPeriod", () => {
  // 2026-11-25 is a Wednesday.
  it("covers whole weeks from the account's first day of the week, days still to come included", () => {
    expect(presetPeriod("this-week", "2026-11-25", "monday")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(presetPeriod("last-week", "2026-11-25", "monday")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(presetPeriod("this-week", "2026-11-25", "sunday")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(presetPeriod("last-week", "2026-11-25", "sunday")).toEqual({ from: "2026-11-15", to: "2026-11-21" });
  });

  it("on a week's first or last day, this week is still the week that holds today", () => {
    expect(presetPeriod("this-week", "2026-11-22", "sunday")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
    expect(presetPeriod("this-week", "2026-11-29", "monday")).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(presetPeriod("last-week", "2027-01-01", "monday")).toEqual({ from: "2026-12-21", to: "2026-12-27" });
  });

  it("covers whole calendar months, of 28 to 31 days, across years and leap years", () => {
    expect(presetPeriod("this-month", "2026-11-25", "monday")).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(presetPeriod("last-month", "2026-11-25", "monday")).toEqual({ from: "2026-10-01", to: "2026-10-31" });
    expect(presetPeriod("this-month", "2028-02-10", "monday")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(presetPeriod("last-month", "2027-03-31", "monday")).toEqual({ from: "2027-02-01", to: "2027-02-28" });
    expect(presetPeriod("last-month", "2027-01-01", "monday")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });

  it("covers the whole calendar year", () => {
    expect(presetPeriod("this-year", "2026-11-25", "sunday")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
  });
});

describe("chartBucket and bucketDays", () => {
  it("shows days up to 31 of them, weeks up to 26, months beyond", () => {
    expect(chartBucket({ from: "2026-11-01", to: "2026-12-01" })).toBe("day");
    expect(chartBucket({ from: "2026-11-01", to: "2026-12-02" })).toBe("week");
    expect(chartBucket({ from: "2026-01-01", to: "2026-07-01" })).toBe("week");
    expect(chartBucket({ from: "2026-01-01", to: "2026-07-02" })).toBe("month");
  });

  it("gives a bar the days of its week or month inside the period only", () => {
    const period = { from: "2026-11-04", to: "2026-12-10" };
    expect(bucketDays("2026-11-09", "day", period)).toEqual({ from: "2026-11-09", to: "2026-11-09" });
    expect(bucketDays("2026-11-02", "week", period)).toEqual({ from: "2026-11-04", to: "2026-11-08" });
    expect(bucketDays("2026-11-09", "week", period)).toEqual({ from: "2026-11-09", to: "2026-11-15" });
    expect(bucketDays("2026-11", "month", period)).toEqual({ from: "2026-11-04", to: "2026-11-30" });
    expect(bucketDays("2026-12", "month", period)).toEqual({ from: "2026-12-01", to: "2026-12-10" });
  });

  it("gives the calendar's last month and week their days, none after 9999-12-31", () => {
    const period = { from: "9999-06-01", to: "9999-12-31" };
    expect(chartBucket(period)).toBe("month");
    expect(bucketDays("9999-12", "month", period)).toEqual({ from: "9999-12-01", to: "9999-12-31" });
    expect(bucketDays("9999-12-27", "week", period)).toEqual({ from: "9999-12-27", to: "9999-12-31" });
  });
});

describe("the reports page's URL", () => {
  const today = "2026-11-25";

  it("is this week by project without parameters, and keeps a preset, the grouping and the filters", () => {
    const plain = reportViewFromSearch(search(""), today, "monday");
    expect(plain).toEqual({ view: { preset: "this-week", from: "2026-11-23", to: "2026-11-29", groupBy: "project", filters: {} }, ignored: false });
    expect(reportsHref(plain.view)).toBe("/reports");

    const { view, ignored } = reportViewFromSearch(
      search("preset=last-month&group_by=tag&tags=%23Perf+ops&source=cli&q=deploy&project_id=&from=2026-01-01"),
      today,
      "monday",
    );
    expect(ignored).toBe(false);
    expect(view).toEqual({
      preset: "last-month",
      from: "2026-10-01",
      to: "2026-10-31",
      groupBy: "tag",
      filters: { tags: "perf ops", source: "cli", q: "deploy" },
    });
    expect(reportsHref(view)).toBe("/reports?preset=last-month&group_by=tag&q=deploy&tags=perf+ops&source=cli");
    expect(reportCsvHref(view)).toBe("/reports/csv?preset=last-month&group_by=tag&q=deploy&tags=perf+ops&source=cli");
  });

  it("keeps a custom period at the calendar's edges, with room before it for the previous period", () => {
    expect(reportViewFromSearch(search("from=9999-01-01&to=9999-12-31"), today, "monday")).toMatchObject({
      view: { preset: "custom", from: "9999-01-01", to: "9999-12-31" },
      ignored: false,
    });
    expect(reportViewFromSearch(search("from=0001-01-02&to=0001-01-02"), today, "monday")).toMatchObject({
      view: { preset: "custom", from: "0001-01-02", to: "0001-01-02" },
      ignored: false,
    });
    expect(reportViewFromSearch(search("from=0001-01-02&to=0001-01-03"), today, "monday")).toMatchObject({ view: { preset: "this-week" }, ignored: true });
  });

  it("keeps a custom period as its two days", () => {
    const { view, ignored } = reportViewFromSearch(search("from=2026-09-01&to=2026-11-15&group_by=source"), today, "sunday");
    expect(ignored).toBe(false);
    expect(view).toMatchObject({ preset: "custom", from: "2026-09-01", to: "2026-11-15", groupBy: "source" });
    expect(reportsHref(view)).toBe("/reports?from=2026-09-01&to=2026-11-15&group_by=source");
  });

  it("leaves out what is not valid, and says so", () => {
    const withNul = reportViewFromSearch(search("tags=ops+a%00b&source=cli"), today, "monday");
    expect([withNul.view.filters, withNul.ignored]).toEqual([{ source: "cli" }, true]);
    // A report compares its period with the one before, which must be in the calendar too: no custom period from 0001-01-01.
    const pastTheCalendar = ["from=0000-12-31&to=0001-01-31", "from=0001-01-01&to=0001-01-31", "from=9999-12-01&to=10000-01-01"];
    for (const query of [
      "from=2026-11-20&to=2026-11-01",
      "from=2026-11-20",
      "from=2026-02-30&to=2026-03-01",
      "from=2000-01-01&to=2026-01-01",
      "preset=next-week",
      "group_by=day",
      "preset=custom",
      ...pastTheCalendar,
    ]) {
      const { view, ignored } = reportViewFromSearch(search(query), today, "monday");
      expect(ignored, query).toBe(true);
      expect(view, query).toMatchObject({ preset: "this-week", from: "2026-11-23", to: "2026-11-29", groupBy: "project" });
    }
  });

  it("leads a bar or a row to the worklog filtered as the report is, to its days and its group", () => {
    const { view } = reportViewFromSearch(search("preset=this-month&tags=ops&q=deploy"), today, "monday");
    const projectId = "0b9a8a3e-6a9e-4b7e-9d7c-2f1f3b6a1c11";
    expect(worklogHrefFor(view, { from: "2026-11-02", to: "2026-11-08" })).toBe("/?q=deploy&tags=ops&from=2026-11-02&to=2026-11-08");
    expect(worklogHrefFor(view, view, rowFilter("project", projectId))).toBe(`/?q=deploy&project_id=${projectId}&tags=ops&from=2026-11-01&to=2026-11-30`);
    expect(worklogHrefFor(view, view, rowFilter("tag", "perf"))).toBe("/?q=deploy&tags=perf&from=2026-11-01&to=2026-11-30");
    expect(worklogHrefFor(view, view, rowFilter("source", "mcp"))).toBe("/?q=deploy&tags=ops&from=2026-11-01&to=2026-11-30&source=mcp");
    const authorId = "0b9a8a3e-6a9e-4b7e-9d7c-2f1f3b6a1c12";
    expect(worklogHrefFor(view, view, rowFilter("author", authorId))).toBe(`/?q=deploy&tags=ops&from=2026-11-01&to=2026-11-30&author_id=${authorId}`);
    expect(rowFilter("project", null)).toBeUndefined();
    expect(rowFilter("tag", null)).toBeUndefined();
  });

  it("keeps a grouping by author and the author_id filter, leaving out an author_id that is neither a UUID nor me", () => {
    const { view, ignored } = reportViewFromSearch(search("group_by=author&author_id=me"), today, "monday");
    expect([view.groupBy, view.filters, ignored]).toEqual(["author", { author_id: "me" }, false]);
    expect(reportsHref(view)).toBe("/reports?group_by=author&author_id=me");
    const invalid = reportViewFromSearch(search("author_id=someone"), today, "monday");
    expect([invalid.view.filters, invalid.ignored]).toEqual([{}, true]);
  });
});
