import { describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { entrySnapshot } from "../support/entry-snapshot";
import { runMigrationScript } from "../support/migration-script";
import { COUNT_BOUND } from "@/lib/api/cursor-pagination";
import { getDb, type User } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { createProject } from "@/lib/projects/projects";
import { bulkEditEntries, restoreEntries } from "@/lib/worklog/bulk";
import { createEntry, deleteEntry, listEntries, listEntriesAsJson, updateEntry } from "@/lib/worklog/entries";
import type { EntryWithRelations } from "@/lib/worklog/entry-with-relations";
import type { EntryListQuery } from "@/lib/worklog/schemas";

// The filter by tags reads entry_tags, which triggers keep (migration 20261201000100_entry_tags),
// and a filtered list's total is counted up to COUNT_BOUND (docs/api.md, "Pagination").

const newUser = (email: string) => getDb().user.create({ data: { email, timezone: "UTC" } });

/** What entry_tags must hold for the user's entries: one row a tag, with the entry's listed columns. */
async function tagRowsOf(user: User) {
  const [kept, derived] = await Promise.all([
    queryRows<{ row: string }>(
      `SELECT concat_ws('|', t.entry_id, t.tag, t.workspace_id, t.recorded_at, t.project_id, t.user_id, t.source) AS row FROM entry_tags t WHERE t.user_id = $1::uuid ORDER BY 1`,
      [user.id],
    ),
    queryRows<{ row: string }>(
      `SELECT concat_ws('|', e.id, t.tag, e.workspace_id, e.recorded_at, e.project_id, e.user_id, e.source) AS row FROM worklog_entries e, unnest(e.tags) AS t(tag)
        WHERE e.user_id = $1::uuid ORDER BY 1`,
      [user.id],
    ),
  ]);
  return { kept: kept.map((row) => row.row), derived: derived.map((row) => row.row) };
}

/** `count` entries of the user's workspace straight in SQL, a minute apart, the `every`-th with the tag "rare", all with "common". */
async function insertMany(user: User, count: number, every: number) {
  await queryRows(
    `INSERT INTO worklog_entries (id, workspace_id, user_id, content, recorded_at, tags, updated_at)
    SELECT gen_random_uuid(), (SELECT workspace_id FROM memberships WHERE user_id = $1::uuid AND role = 'owner'), $1::uuid, 'entry ' || n,
      now() - n * interval '1 minute', CASE WHEN n % $3::int = 0 THEN ARRAY['common', 'rare'] ELSE ARRAY['common'] END, now()
    FROM generate_series(1, $2::int) AS n`,
    [user.id, count, every],
  );
}

describe("the filter by tags and the bounded count", () => {
  it("keep entry_tags as the entries' tags through creates, edits, moves, bulk changes, deletions and restores", async () => {
    const user = await newUser("entry-tags-kept@example.com");
    const access = await accessOf(user);
    const project = await createProject(access, { name: "Kept" });
    const first = await createEntry(access, { content: "one", tags: ["a", "b"] }, "api");
    const second = await createEntry(access, { content: "two", tags: ["b"], project_id: project.id }, "web");
    const third = await createEntry(access, { content: "three" }, "cli");
    await updateEntry(access, first.id, { tags: ["b", "c"], recorded_at: new Date("2026-01-02T03:04:05.678Z") });
    await updateEntry(access, third.id, { tags: ["d"], project_id: project.id });
    await updateEntry(access, second.id, { content: "only the text changed" });
    await bulkEditEntries(access, { ids: [first.id, second.id, third.id], action: { type: "add_tag", tag: "bulk" } });
    const moved = await bulkEditEntries(access, { ids: [first.id, second.id], action: { type: "move_to_project", project_id: null } });
    expect(moved.entries).toHaveLength(2);
    await deleteEntry(access, second.id);
    const deleted = await bulkEditEntries(access, { ids: [first.id], action: { type: "delete" } });
    let rows = await tagRowsOf(user);
    expect(rows.kept).toEqual(rows.derived);
    expect(rows.kept).toHaveLength(2);
    await restoreEntries(access, deleted.before.map(entrySnapshot));
    rows = await tagRowsOf(user);
    expect(rows.kept).toEqual(rows.derived);
    expect(rows.kept).toHaveLength(5);
  });

  it("fill entry_tags for the entries written before its triggers, in committed batches, as the migrations run it", async () => {
    const user = await newUser("entry-tags-backfill@example.com");
    await insertMany(user, 12_003, 3);
    const before = await tagRowsOf(user);
    expect(before.kept).toHaveLength(16_004);
    // As if the entries predated the table: their rows gone, then the backfill migration run again.
    await queryRows("DELETE FROM entry_tags WHERE user_id = $1::uuid", [user.id]);
    expect((await tagRowsOf(user)).kept).toEqual([]);
    await runMigrationScript("20261201000200_entry_tags_backfill");
    const after = await tagRowsOf(user);
    expect(after.kept).toEqual(after.derived);
    expect(after.kept).toEqual(before.kept);
  });

  it("list an entry with several of the tags asked once, in the order of the work, through cursors both ways and with other filters", async () => {
    const user = await newUser("entry-tags-pages@example.com");
    const access = await accessOf(user);
    const project = await createProject(access, { name: "Pages" });
    const created: EntryWithRelations[] = [];
    for (let index = 0; index < 12; index++) {
      const tags = [index % 2 === 0 ? "even" : "odd", ...(index % 3 === 0 ? ["third"] : [])];
      created.push(
        await createEntry(
          access,
          {
            content: `entry ${index} ${index % 4 === 0 ? "zeppelin" : ""}`,
            tags,
            recorded_at: new Date(Date.UTC(2026, 10, 1, index)),
            project_id: index < 6 ? project.id : null,
          },
          "api",
        ),
      );
    }
    const stranger = await newUser("entry-tags-stranger@example.com");
    await createEntry(await accessOf(stranger), { content: "not theirs", tags: ["even", "third"] }, "api");
    const newestFirst = [...created].reverse();
    const expected = (keep: (entry: (typeof created)[number]) => boolean) => newestFirst.filter(keep).map((entry) => entry.id);
    const ids = async (query: Omit<EntryListQuery, "page">, page: EntryListQuery["page"] = { limit: 100 }) => {
      const listed = await listEntries(access, { page, ...query });
      return { ids: listed.rows.map((row) => row.id), total: listed.meta.total_count, exact: listed.meta.total_count_exact };
    };

    const evenOrThird = expected((entry) => entry.tags.includes("even") || entry.tags.includes("third"));
    expect(evenOrThird).toHaveLength(8);
    expect(await ids({ tags: ["even", "third"] })).toEqual({ ids: evenOrThird, total: 8, exact: true });
    // Pages of 3 after each other's cursors, then back.
    const paged: string[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await listEntries(access, { page: { limit: 3, startingAfter: after }, tags: ["third", "even"] });
      paged.push(...page.rows.map((row) => row.id));
      expect(page.meta.total_count).toBe(8);
      if (!page.meta.has_more) break;
      after = page.meta.end_cursor!;
    }
    expect(paged).toEqual(evenOrThird);
    expect((await ids({ tags: ["even", "third"] }, { limit: 3, endingBefore: evenOrThird[5] })).ids).toEqual(evenOrThird.slice(2, 5));

    expect(await ids({ tags: ["even"], project_id: project.id })).toMatchObject({
      ids: expected((entry) => entry.tags.includes("even") && entry.projectId === project.id),
      total: 3,
    });
    const thirdAndWord = expected((entry) => entry.tags.includes("third") && entry.content.includes("zeppelin"));
    expect(thirdAndWord.length).toBeGreaterThan(0);
    expect(await ids({ tags: ["third"], q: "zeppelin" })).toEqual({ ids: thirdAndWord, total: thirdAndWord.length, exact: true });
    expect(await ids({ tags: ["odd"], from: { kind: "day", date: "2026-11-01" }, to: { kind: "day", date: "2026-11-01" }, source: ["api"] })).toMatchObject({
      total: 6,
    });
    expect(await ids({ tags: ["odd"], source: ["web", "cli"] })).toEqual({ ids: [], total: 0, exact: true });
    expect(await ids({ tags: ["nothing"] })).toEqual({ ids: [], total: 0, exact: true });

    // The JSON page is the same page.
    const json = await listEntriesAsJson(access, { page: { limit: 100 }, tags: ["even", "third"] });
    expect(json.rows.map((row) => row.id)).toEqual(evenOrThird);
    expect(json.rows[0]!.json).toContain(`"id":"${evenOrThird[0]}"`);
  });

  it(`count a filtered list exactly up to ${COUNT_BOUND}, and say so beyond; the unfiltered list stays exact`, async () => {
    const user = await newUser("bounded-count@example.com");
    const access = await accessOf(user);
    await insertMany(user, COUNT_BOUND + 5, 2);
    const meta = async (query: Omit<EntryListQuery, "page">, page: EntryListQuery["page"] = { limit: 10 }) =>
      (await listEntries(access, { page, ...query })).meta;

    expect(await meta({})).toMatchObject({ total_count: COUNT_BOUND + 5, total_count_exact: true });
    expect(await meta({ tags: ["common"] })).toMatchObject({ total_count: COUNT_BOUND, total_count_exact: false, result_count: 10, has_more: true });
    expect(await meta({ tags: ["rare"] })).toMatchObject({ total_count: (COUNT_BOUND + 4) / 2, total_count_exact: true });
    expect(await meta({ tags: ["rare", "common"] })).toMatchObject({ total_count: COUNT_BOUND, total_count_exact: false });
    expect(await meta({ q: "entry" })).toMatchObject({ total_count: COUNT_BOUND, total_count_exact: false });
    expect(await meta({ author_id: "me" })).toMatchObject({ total_count: COUNT_BOUND, total_count_exact: false });
    // Exactly at the bound is exact.
    await queryRows(`DELETE FROM worklog_entries WHERE id IN (SELECT id FROM worklog_entries WHERE user_id = $1::uuid ORDER BY recorded_at LIMIT 5)`, [
      user.id,
    ]);
    expect(await meta({ tags: ["common"] })).toMatchObject({ total_count: COUNT_BOUND, total_count_exact: true });
    // A page past the last match still carries the count.
    const last = await listEntries(access, { page: { limit: 1, endingBefore: undefined }, tags: ["common"] });
    const oldest = await listEntries(access, {
      page: { limit: 100, startingAfter: last.rows[0]!.id },
      tags: ["rare"],
      to: { kind: "day", date: "2000-01-01" },
    });
    expect(oldest.meta).toMatchObject({ result_count: 0, total_count: 0, total_count_exact: true });
    expect(
      (await meta({ q: "entry" }, { limit: 10, startingAfter: (await listEntries(access, { page: { limit: 1 }, q: "entry" })).meta.end_cursor! })).total_count,
    ).toBe(COUNT_BOUND);
  });
});
