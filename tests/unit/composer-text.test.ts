import { describe, expect, it } from "vitest";
import { applyCompletion, completionAt, durationText, matchingOptions, parseDuration, readInlineMeta } from "@/lib/worklog/composer-text";
import { cleanFilters, filtersFromSearch, rangeProblem, worklogHref } from "@/lib/worklog/filters";

describe("durations as people type them", () => {
  it.each([
    ["45", 2700],
    ["45m", 2700],
    ["90m", 5400],
    ["90 min", 5400],
    ["1h", 3600],
    ["1h30", 5400],
    ["1h30m", 5400],
    ["1h 30m", 5400],
    ["1 h 30 min", 5400],
    ["1.5h", 5400],
    ["1,5h", 5400],
    ["0.25h", 900],
    ["2 hours", 7200],
    ["1:30", 5400],
    ["0:45", 2700],
    ["2H05", 7500],
    [" 7h 5m ", 25500],
  ])("%s is %i seconds", (text, seconds) => expect(parseDuration(text)).toBe(seconds));

  it.each(["", "0", "0h", "0:00", "h", "1.5", "1:75", "1h90x", "1h 30m 10s", "abc", "-5", "1..5h"])("%j is not a duration", (text) =>
    expect(parseDuration(text)).toBeUndefined(),
  );

  it("writes seconds back as the app shows durations, which it reads again", () => {
    const seconds = [60, 2700, 3600, 5400, 7500, 25500];
    expect(seconds.map(durationText)).toEqual(["1m", "45m", "1h", "1h 30m", "2h 5m", "7h 5m"]);
    expect(seconds.map((value) => parseDuration(durationText(value)))).toEqual(seconds);
    expect(durationText(20)).toBe("1m");
  });
});

describe("tags and duration typed in the text", () => {
  it("takes trailing tokens out of the text and keeps tags inside sentences", () => {
    expect(readInlineMeta("Looked into #perf regressions in the API #backend ~1h30")).toEqual({
      content: "Looked into #perf regressions in the API",
      tags: ["perf", "backend"],
      durationSeconds: 5400,
    });
  });

  it("leaves headings, issue numbers, C# and unknown ~words alone", () => {
    expect(readInlineMeta("# Release\nFixed #123 in C# ~soon")).toEqual({ content: "# Release\nFixed #123 in C# ~soon", tags: [], durationSeconds: undefined });
  });

  it("lower-cases and deduplicates tags", () => {
    expect(readInlineMeta("Paired on #Design #design").tags).toEqual(["design"]);
  });
});

describe("the worklog's filters in its URL", () => {
  it("drops empty values and the # people type before tags", () => {
    expect(cleanFilters({ project_id: "", tags: " #Perf, #api  ", from: "", to: "2026-11-20" })).toEqual({ tags: "perf api", to: "2026-11-20" });
    expect(worklogHref({ project_id: "", tags: "", from: "", to: "" })).toBe("/");
    expect(worklogHref({ tags: "#perf" })).toBe("/?tags=perf");
    expect(filtersFromSearch(new URLSearchParams("project_id=&tags=%23a+b&from="))).toEqual({ tags: "a b" });
  });

  it("drops what the entries list would refuse: tags with a NUL character among them", async () => {
    const { entryListQuerySchema } = await import("@/lib/worklog/schemas");
    const filters = filtersFromSearch(new URLSearchParams("tags=a%00b&q=x"));
    expect(filters).toEqual({ q: "x" });
    expect(entryListQuerySchema.safeParse(filters).success).toBe(true);
  });

  it("explains a range whose end comes before its start", () => {
    expect(rangeProblem({ from: "2026-11-20", to: "2026-11-02" })).toMatch(/after/);
    expect(rangeProblem({ from: "2026-11-02", to: "2026-11-20" })).toBeUndefined();
    expect(rangeProblem({ from: "2026-11-02", to: "2026-11-02" })).toBeUndefined();
  });
});

describe("completing @projects and #tags", () => {
  it("finds the @ or # word that ends at the caret, at a word's start only", () => {
    expect(completionAt("Fixed @eng", 10)).toEqual({ trigger: "@", query: "eng", start: 6, end: 10 });
    expect(completionAt("Fixed #", 7)).toEqual({ trigger: "#", query: "", start: 6, end: 7 });
    expect(completionAt("#rev", 4)).toEqual({ trigger: "#", query: "rev", start: 0, end: 4 });
    expect(completionAt("Fixed @eng bug", 14)).toBeUndefined();
    expect(completionAt("mail ada@example.com", 20)).toBeUndefined();
    expect(completionAt("Wrote C#", 8)).toBeUndefined();
    expect(completionAt("# Heading", 9)).toBeUndefined();
  });

  it("finds an issue's key being typed, PAY- and after", () => {
    expect(completionAt("Fixed PAY-", 10)).toEqual({ trigger: "key", query: "PAY-", start: 6, end: 10 });
    expect(completionAt("fix/pay-14", 10)).toEqual({ trigger: "key", query: "pay-14", start: 4, end: 10 });
    expect(completionAt("Fixed PAY", 9)).toBeUndefined();
    expect(completionAt("Fixed PAY-142 today", 19)).toBeUndefined();
    expect(applyCompletion("Fixed PAY-1", completionAt("Fixed PAY-1", 11)!, "PAY-142 ")).toEqual({ text: "Fixed PAY-142 ", caret: 14 });
  });

  it("puts a chosen tag in the text and takes a chosen project's @ word out of it, spaces and all", () => {
    expect(applyCompletion("Fixed #rev", completionAt("Fixed #rev", 10)!, "#review ")).toEqual({ text: "Fixed #review ", caret: 14 });
    expect(applyCompletion("Fixed @en bug", completionAt("Fixed @en bug", 9)!, "")).toEqual({ text: "Fixed bug", caret: 6 });
    expect(applyCompletion("@en deploy", completionAt("@en deploy", 3)!, "")).toEqual({ text: "deploy", caret: 0 });
    expect(applyCompletion("Deploy @en", completionAt("Deploy @en", 10)!, "")).toEqual({ text: "Deploy ", caret: 7 });
    // What is saved: the chosen tag, and no stray @.
    expect(readInlineMeta("Fixed #review ")).toEqual({ content: "Fixed", tags: ["review"], durationSeconds: undefined });
  });

  it("offers names that begin with what is typed first, then those that hold it, in the given order", () => {
    const tags = ["ops", "review", "api", "preview", "rust"];
    expect(matchingOptions(tags, "r", (tag) => [tag])).toEqual(["review", "rust", "preview"]);
    expect(matchingOptions(tags, "", (tag) => [tag], 3)).toEqual(["ops", "review", "api"]);
    const projects = [
      { name: "Engine", identifier: "EN" },
      { name: "Docs", identifier: "DOC" },
    ];
    expect(matchingOptions(projects, "doc", (project) => [project.name, project.identifier])).toEqual([projects[1]]);
    expect(matchingOptions(projects, "xyz", (project) => [project.name])).toEqual([]);
  });
});
