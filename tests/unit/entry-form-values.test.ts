import { describe, expect, it } from "vitest";
import { emptyEntryForm, entryChanges, entryFormValues, entryInput, timerInput, type EntryFormValues } from "@/lib/worklog/entry-form-values";
import type { EntryView } from "@/lib/worklog/views";

const form = (values: Partial<EntryFormValues>): EntryFormValues => ({ ...emptyEntryForm, ...values });

function entry(values: Partial<EntryView>): EntryView {
  return {
    id: "e1",
    url: "/api/v1/worklog/entries/e1",
    content: "Reviewed the API",
    recorded_at: "2026-11-24T10:30:15.000Z",
    duration_seconds: 5400,
    tags: ["review"],
    project_id: null,
    project: null,
    commit_ids: [],
    source: "web",
    running: false,
    inserted_at: "2026-11-24T10:30:15.000Z",
    updated_at: "2026-11-24T10:30:15.000Z",
    commits: [],
    ...values,
  } as EntryView;
}

describe("an entry in the form", () => {
  it("shows its time on the account's wall clock, its duration as typed, its tags spaced", () => {
    expect(entryFormValues(entry({ project_id: "p1" }), "Europe/Berlin")).toEqual({
      content: "Reviewed the API",
      recordedAt: "2026-11-24T11:30",
      duration: "1h 30m",
      tags: "review",
      projectId: "p1",
    });
  });

  it("leaves the duration empty for an entry without one", () => {
    expect(entryFormValues(entry({ duration_seconds: null, tags: [] }), "UTC")).toMatchObject({ duration: "", tags: "", projectId: "" });
  });
});

describe("the form's values as a new entry's body", () => {
  it.each<[string, Partial<EntryFormValues>, Record<string, unknown>]>([
    [
      "only text: now, no duration, no tags, no project",
      { content: "Wrote docs" },
      { content: "Wrote docs", recorded_at: undefined, duration_seconds: null, tags: [], project_id: null },
    ],
    ["a date read in the account's time zone", { content: "x", recordedAt: "2026-11-24T11:30" }, { recorded_at: "2026-11-24T10:30:00.000Z" }],
    ["the duration field", { content: "x", duration: "1h30" }, { duration_seconds: 5400 }],
    ["a duration typed in the text", { content: "Fixed the bug ~45m" }, { content: "Fixed the bug", duration_seconds: 2700 }],
    ["the duration field over the text's", { content: "Fixed the bug ~45m", duration: "2h" }, { content: "Fixed the bug", duration_seconds: 7200 }],
    [
      "tags of the field and of the text, once each, lower case",
      { content: "Paired #Review on the #api docs", tags: "#design, review" },
      { content: "Paired #Review on the #api docs", tags: ["design", "review", "api"] },
    ],
    [
      "tags and a duration ending the text leave it",
      { content: "Paired on the docs #api ~1h" },
      { content: "Paired on the docs", tags: ["api"], duration_seconds: 3600 },
    ],
    ["a project", { content: "x", projectId: "p1" }, { project_id: "p1" }],
  ])("%s", (_, values, body) => {
    expect(entryInput(form(values), "Europe/Berlin")).toMatchObject(body);
  });
});

describe("an edit's body", () => {
  const stopped = entry({});
  const running = entry({ running: true, duration_seconds: null, recorded_at: "2026-11-24T09:00:42.000Z" });
  const unchanged = (of: EntryView) => entryFormValues(of, "Europe/Berlin");

  it.each<[string, EntryView, Partial<EntryFormValues>, Record<string, unknown>]>([
    ["a stopped entry sends its date and duration", stopped, {}, { recorded_at: "2026-11-24T10:30:00.000Z", duration_seconds: 5400 }],
    ["a stopped entry's emptied duration is cleared", stopped, { duration: "" }, { duration_seconds: null }],
    ["a running entry keeps running and keeps its start to the second", running, {}, { recorded_at: undefined, duration_seconds: undefined }],
    ["a running entry given a duration stops with it", running, { duration: "30m" }, { recorded_at: undefined, duration_seconds: 1800 }],
    [
      "a running entry given another start moves to it",
      running,
      { recordedAt: "2026-11-24T08:15" },
      { recorded_at: "2026-11-24T07:15:00.000Z", duration_seconds: undefined },
    ],
  ])("%s", (_, of, values, body) => {
    expect(entryChanges(of, { ...unchanged(of), ...values }, "Europe/Berlin")).toMatchObject(body);
  });

  it("sends the text and tags as the form has them", () => {
    expect(entryChanges(stopped, { ...unchanged(stopped), content: "Reviewed #qa notes", tags: "" }, "UTC")).toMatchObject({
      content: "Reviewed #qa notes",
      tags: ["qa"],
      project_id: null,
    });
  });
});

describe("what a timer started from the composer says", () => {
  it.each<[string, Partial<EntryFormValues>, Record<string, unknown>]>([
    ["an empty composer: the timer's default text", {}, { content: undefined, tags: [], project_id: null }],
    ["text with only tags: the default text, those tags", { content: "#review" }, { content: "#review", tags: ["review"] }],
    ["the text without its trailing duration and tags", { content: "Pairing ~1h #api" }, { content: "Pairing", tags: ["api"] }],
    [
      "the field's tags and the text's, and the project",
      { content: "Pairing on #api docs", tags: "design", projectId: "p1" },
      { content: "Pairing on #api docs", tags: ["design", "api"], project_id: "p1" },
    ],
  ])("%s", (_, values, input) => {
    expect(timerInput(form(values))).toEqual(expect.objectContaining(input));
  });

  it("has no date or duration: the timer starts now and runs", () => {
    expect(Object.keys(timerInput(form({ content: "x", duration: "1h", recordedAt: "2026-11-24T08:15" }))).sort()).toEqual(["content", "project_id", "tags"]);
  });
});
