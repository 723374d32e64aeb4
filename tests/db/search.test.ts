import { beforeAll, describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { getDb, type User } from "@/lib/db/client";
import { createProject } from "@/lib/projects/projects";
import { createEntry, deleteEntry, listEntries, updateEntry } from "@/lib/worklog/entries";
import type { EntryListQuery } from "@/lib/worklog/schemas";

// The entries' search (docs/api.md, "Search"; migration 20261123190339_entry_search), on each
// database: the matching, and how it combines with the other filters, cursors and counts.

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `search-${++accounts}@example.com` } });
const day = (date: string) => new Date(`${date}T12:00:00.000Z`);
const onDay = (date: string) => ({ kind: "day" as const, date });

type Filters = Omit<EntryListQuery, "page">;
const search = async (user: User, filters: Filters, page: EntryListQuery["page"] = { limit: 25 }) => {
  const { rows, meta } = await listEntries(await accessOf(user), { page, ...filters });
  return { contents: rows.map((row) => row.content), meta };
};
const found = async (user: User, q: string) => (await search(user, { q })).contents;

describe("searching an account's entries", () => {
  let user: User;
  beforeAll(async () => {
    user = await newUser();
    const entries: [string, string[]][] = [
      ["Deployed the release to staging", []],
      ["Lunch meeting at the café with Zoë", []],
      ["Fixed the exact phrase parser", ["parser"]],
      ["Phrase exact, the other way round", []],
      ["Profiled the slow dashboard", ["perf"]],
      ["Happiness is a green build", []],
      ["Reviewed the excluded branch and the deploy script", []],
      ["Élégances of the naming", []],
    ];
    for (const [index, [content, tags]] of entries.entries())
      await createEntry(await accessOf(user), { content, tags, recorded_at: day(`2026-11-${String(index + 1).padStart(2, "0")}`) }, "api");
  });

  it("matches words whatever their ending, case or accents", async () => {
    expect(await found(user, "deploys")).toEqual(["Reviewed the excluded branch and the deploy script", "Deployed the release to staging"]);
    expect(await found(user, "Café")).toEqual(["Lunch meeting at the café with Zoë"]);
    expect(await found(user, "CAFÉ")).toEqual(["Lunch meeting at the café with Zoë"]);
    expect(await found(user, "cafe zoe")).toEqual(["Lunch meeting at the café with Zoë"]);
    expect(await found(user, "cafes")).toEqual(["Lunch meeting at the café with Zoë"]);
    expect(await found(user, "elegance naming")).toEqual(["Élégances of the naming"]);
  });

  it("matches the last word as the start of a word, as one types", async () => {
    expect(await found(user, "deplo")).toEqual(["Reviewed the excluded branch and the deploy script", "Deployed the release to staging"]);
    expect(await found(user, "stag")).toEqual(["Deployed the release to staging"]);
    // "happiness" stems to "happi", which "happin" is not the start of: the word as written is.
    expect(await found(user, "happin")).toEqual(["Happiness is a green build"]);
    expect(await found(user, "caf")).toEqual(["Lunch meeting at the café with Zoë"]);
    expect(await found(user, "ELEGAN")).toEqual(["Élégances of the naming"]);
    expect(await found(user, "stag release")).toEqual([]);
  });

  it('keeps "exact phrases" in order, and matches no prefix inside or after them', async () => {
    expect(await found(user, '"exact phrase"')).toEqual(["Fixed the exact phrase parser"]);
    expect(await found(user, "exact phrase")).toEqual(["Phrase exact, the other way round", "Fixed the exact phrase parser"]);
    expect(await found(user, '"exact phr"')).toEqual([]);
    expect(await found(user, '"exact phr')).toEqual([]);
  });

  it("reads or and -excluded", async () => {
    expect(await found(user, "café or profiled")).toEqual(["Profiled the slow dashboard", "Lunch meeting at the café with Zoë"]);
    expect(await found(user, "deploy -excluded")).toEqual(["Deployed the release to staging"]);
    expect(await found(user, "deploy -excl")).toEqual(["Reviewed the excluded branch and the deploy script", "Deployed the release to staging"]);
  });

  it("searches the tags, with or without #", async () => {
    expect(await found(user, "perf")).toEqual(["Profiled the slow dashboard"]);
    expect(await found(user, "#perf")).toEqual(["Profiled the slow dashboard"]);
    expect(await found(user, "#pe")).toEqual(["Profiled the slow dashboard"]);
  });

  it("answers an empty page, never an error, to text that matches nothing or has no word to search", async () => {
    for (const q of ["nowhere", "the", "the of and", "!!! ...", '""', "-", "or", "&|!:*()<->"]) {
      const { contents, meta } = await search(user, { q });
      expect(contents, q).toEqual([]);
      expect(meta.total_count, q).toBe(0);
    }
  });

  it("follows edits and deletions", async () => {
    const entry = await createEntry(await accessOf(user), { content: "Quarterly planning", recorded_at: day("2026-10-01") }, "api");
    expect(await found(user, "quarterly")).toEqual(["Quarterly planning"]);
    await updateEntry(await accessOf(user), entry.id, { content: "Yearly planning", tags: ["roadmap"] });
    expect(await found(user, "quarterly")).toEqual([]);
    expect(await found(user, "roadmap")).toEqual(["Yearly planning"]);
    await deleteEntry(await accessOf(user), entry.id);
    expect(await found(user, "yearly")).toEqual([]);
  });
});

describe("a search among the other filters and pages", () => {
  it("combines with project, tags, from and to, and counts exactly", async () => {
    const user = await newUser();
    const api = await createProject(await accessOf(user), { name: "API" });
    await createEntry(await accessOf(user), { content: "Deploy of the API", project_id: api.id, tags: ["ops"], recorded_at: day("2026-11-02") }, "api");
    await createEntry(await accessOf(user), { content: "Deploy of the web app", tags: ["ops"], recorded_at: day("2026-11-03") }, "api");
    await createEntry(await accessOf(user), { content: "Deploy of the docs", tags: ["docs"], recorded_at: day("2026-11-10") }, "api");
    await createEntry(await accessOf(user), { content: "Wrote the API docs", project_id: api.id, recorded_at: day("2026-11-04") }, "api");

    expect((await search(user, { q: "deploy" })).meta.total_count).toBe(3);
    expect((await search(user, { q: "deploy", project_id: api.id })).contents).toEqual(["Deploy of the API"]);
    expect((await search(user, { q: "deploy", tags: ["ops"] })).contents).toEqual(["Deploy of the web app", "Deploy of the API"]);
    expect((await search(user, { q: "deploy", from: onDay("2026-11-03"), to: onDay("2026-11-09") })).contents).toEqual(["Deploy of the web app"]);
    const { contents, meta } = await search(user, { q: "api", tags: ["ops"], from: onDay("2026-11-01") });
    expect(contents).toEqual(["Deploy of the API"]);
    expect(meta.total_count).toBe(1);
  });

  it("pages through the matches with cursors both ways, in the order of the work", async () => {
    const user = await newUser();
    const matching = [];
    for (let index = 1; index <= 7; index++) {
      const recorded_at = day(`2026-11-${String(index).padStart(2, "0")}`);
      matching.push(await createEntry(await accessOf(user), { content: `release ${index}`, recorded_at }, "api"));
      await createEntry(await accessOf(user), { content: `other work ${index}`, recorded_at }, "api");
    }
    const newestFirst = matching.reverse().map((entry) => entry.content);
    const first = await listEntries(await accessOf(user), { q: "releas", page: { limit: 3 } });
    expect(first.rows.map((row) => row.content)).toEqual(newestFirst.slice(0, 3));
    expect(first.meta).toMatchObject({ total_count: 7, has_more: true });
    const second = await listEntries(await accessOf(user), { q: "releas", page: { limit: 3, startingAfter: first.meta.end_cursor! } });
    expect(second.rows.map((row) => row.content)).toEqual(newestFirst.slice(3, 6));
    const last = await listEntries(await accessOf(user), { q: "releas", page: { limit: 3, startingAfter: second.meta.end_cursor! } });
    expect(last.rows.map((row) => row.content)).toEqual(newestFirst.slice(6));
    expect(last.meta.has_more).toBe(false);
    const back = await listEntries(await accessOf(user), { q: "releas", page: { limit: 3, endingBefore: last.meta.start_cursor! } });
    expect(back.rows.map((row) => row.content)).toEqual(newestFirst.slice(3, 6));
    expect(back.meta).toMatchObject({ total_count: 7, has_more: true });
  });

  it("never finds another account's text", async () => {
    const [owner, stranger] = [await newUser(), await newUser()];
    await createEntry(await accessOf(owner), { content: "Confidential merger notes", tags: ["secret"] }, "api");
    expect((await search(owner, { q: "merger" })).meta.total_count).toBe(1);
    for (const q of ["merger", "confidential", "secret", "merg", "#secret"]) {
      const { contents, meta } = await search(stranger, { q });
      expect(contents, q).toEqual([]);
      expect(meta.total_count, q).toBe(0);
    }
  });
});
