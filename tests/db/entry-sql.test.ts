import { describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { jsonCursorPageResponse, type JsonRow, type CursorPageMeta } from "@/lib/api/cursor-pagination";
import { getDb } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { queryRows } from "@/lib/db/sql";
import { createProject } from "@/lib/projects/projects";
import { recordCommits } from "@/lib/repositories/commits";
import { createRepository } from "@/lib/repositories/repositories";
import { attachCommits, createEntry, getEntry, listEntries, listEntriesAsJson } from "@/lib/worklog/entries";
import { toEntryResponse } from "@/lib/worklog/responses";
import type { EntryListQuery } from "@/lib/worklog/schemas";
import { startTimer } from "@/lib/worklog/timer";

const jsonPageBody = (page: { rows: JsonRow[]; meta: CursorPageMeta }) => jsonCursorPageResponse("entries", page).text();

// A page of entries and a new entry are read and written in hand-written SQL
// (lib/worklog/entry-sql.ts); everything else about entries goes through Prisma. These tests hold
// the two to the same rows.

async function newUser(email: string, timezone = "UTC") {
  return getDb().user.create({ data: { email, timezone } });
}

async function accountWithEntries(email: string) {
  const user = await newUser(email, "Europe/Paris");
  const project = await createProject(await accessOf(user), { name: "Website", identifier: "WEB" });
  const repository = await createRepository(await accessOf(user), { name: "site", project_id: project.id });
  const commits = await recordCommits(
    await accessOf(user),
    repository.id,
    ["c", "a", "b"].map((digit, index) => ({ sha: digit.repeat(40), message: `commit ${digit}`, committed_at: new Date(Date.UTC(2026, 10, 1, index)) })),
  );
  const plain = await createEntry(await accessOf(user), { content: "no project, no time" }, "api");
  const full = await createEntry(
    await accessOf(user),
    {
      content: "<b>all</b> 'fields' \\ \"quoted\"",
      recorded_at: new Date("2026-11-20T23:30:00.123Z"),
      duration_seconds: 5400,
      tags: ["backend", "perf"],
      project_id: project.id,
    },
    "api",
  );
  const untagged = await createEntry(
    await accessOf(user),
    { content: "project only", recorded_at: new Date("2026-11-21T08:00:00Z"), project_id: project.id },
    "api",
  );
  await attachCommits(await accessOf(user), full.id, { commit_ids: commits.map((commit) => commit.id) });
  return { user, project, ids: [plain.id, full.id, untagged.id] };
}

describe("entries in hand-written SQL", () => {
  it("list every entry exactly as Prisma reads it: columns, project summary and commit ids in order", async () => {
    const { user, ids } = await accountWithEntries("list-columns@example.com");
    const { rows, meta } = await listEntries(await accessOf(user), { page: { limit: 25 } });
    // In the order of the work: today's entry, then the 21st's, then the 20th's.
    expect(rows.map((row) => row.id)).toEqual([ids[0], ids[2], ids[1]]);
    const access = await accessOf(user);
    expect(rows).toEqual(await Promise.all(rows.map((row) => getEntry(access, row.id))));
    expect(rows.find((row) => row.id === ids[1])!.commits).toHaveLength(3);
    expect(meta).toMatchObject({ result_count: 3, total_count: 3, has_more: false });
  });

  it("write a page as JSON text byte for byte as JSON.stringify writes toEntryResponse, in both directions", async () => {
    const { user, ids } = await accountWithEntries("list-json@example.com");
    const awkward = 'quotes " and \\ backslash\n\ttab \u0001\u001f control, \u2028 separator, émoji 🙂, </script>';
    await createEntry(await accessOf(user), { content: awkward, tags: ['a"b', "ü"], recorded_at: new Date("2026-11-21T09:00:00.999Z") }, "mcp");
    await startTimer(await accessOf(user), { content: "running" }, "web", new Date("2026-11-21T10:00:00.000Z"));
    // Unfiltered, the JSON page's statement reads the total too; past the last entry it has no row to carry it.
    const pages: EntryListQuery[] = [
      { page: { limit: 25 } },
      { page: { limit: 2 } },
      { page: { limit: 2, endingBefore: ids[2] } },
      { page: { limit: 25, startingAfter: ids[1] } },
      { page: { limit: 25 }, tags: ["nothing"] },
    ];
    for (const query of pages) {
      const expected = await listEntries(await accessOf(user), query);
      const written = await listEntriesAsJson(await accessOf(user), query);
      expect(written.meta).toEqual(expected.meta);
      const body = await jsonPageBody(written);
      expect(JSON.parse(body)).toEqual({ entries: expected.rows.map(toEntryResponse), meta: expected.meta });
      expect(body).toBe(JSON.stringify({ entries: expected.rows.map(toEntryResponse), meta: expected.meta }));
    }
    expect((await listEntriesAsJson(await accessOf(user), { page: { limit: 25 } })).rows).toHaveLength(5);
  });

  it("create an entry that reads back the same through Prisma, with and without a project", async () => {
    const user = await newUser("create-columns@example.com");
    const project = await createProject(await accessOf(user), { name: "Website", identifier: "WEB" });
    const withProject = await createEntry(
      await accessOf(user),
      { content: "x", tags: ["a"], duration_seconds: 1, project_id: project.id, recorded_at: new Date("2026-01-01T00:00:00.001Z") },
      "api",
    );
    expect(withProject).toEqual(await getEntry(await accessOf(user), withProject.id));
    expect(withProject.project).toEqual({ id: project.id, name: "Website", identifier: "WEB" });
    expect(withProject.updatedAt).toEqual(withProject.insertedAt);
    const withoutProject = await createEntry(await accessOf(user), { content: "y" }, "api");
    expect(withoutProject).toEqual(await getEntry(await accessOf(user), withoutProject.id));
    expect(withoutProject).toMatchObject({ project: null, projectId: null, tags: [], durationSeconds: null, commits: [] });
  });

  it("refuse another account's project and insert nothing", async () => {
    const user = await newUser("create-foreign@example.com");
    const stranger = await newUser("create-foreign-stranger@example.com");
    const theirs = await createProject(await accessOf(stranger), { name: "Theirs" });
    await expect(createEntry(await accessOf(user), { content: "x", project_id: theirs.id }, "api")).rejects.toMatchObject({
      kind: "validation",
      issues: [{ pointer: "/project_id", detail: "Invalid value" }],
    });
    await expect(createEntry(await accessOf(user), { content: "x", project_id: crypto.randomUUID() }, "api")).rejects.toMatchObject({ kind: "validation" });
    expect(await getDb().worklogEntry.count({ where: { userId: user.id } })).toBe(0);
  });

  it("filter and count as the filters say: project, tags matching any, a time range, both directions, empty pages", async () => {
    const { user, project, ids } = await accountWithEntries("list-filters@example.com");
    await accountWithEntries("list-filters-stranger@example.com");
    const idsOf = async (query: Parameters<typeof listEntries>[1]) => {
      const { rows, meta } = await listEntries(await accessOf(user), query);
      return { ids: rows.map((row) => row.id), total: meta.total_count };
    };
    expect(await idsOf({ page: { limit: 25 }, project_id: project.id })).toEqual({ ids: [ids[2], ids[1]], total: 2 });
    expect(await idsOf({ page: { limit: 25 }, tags: ["perf", "nothing"] })).toEqual({ ids: [ids[1]], total: 1 });
    // 2026-11-21 in Paris starts at 2026-11-20T23:00Z.
    expect(await idsOf({ page: { limit: 25 }, from: { kind: "day", date: "2026-11-21" }, to: { kind: "day", date: "2026-11-21" } })).toEqual({
      ids: [ids[2], ids[1]],
      total: 2,
    });
    expect(await idsOf({ page: { limit: 1, startingAfter: ids[2] } })).toEqual({ ids: [ids[1]], total: 3 });
    expect(await idsOf({ page: { limit: 1, endingBefore: ids[1] } })).toEqual({ ids: [ids[2]], total: 3 });
    // An empty page still carries the count of all matches.
    expect(await idsOf({ page: { limit: 25, startingAfter: ids[1] } })).toEqual({ ids: [], total: 3 });
    expect(await idsOf({ page: { limit: 25 }, tags: ["nothing"] })).toEqual({ ids: [], total: 0 });
  });

  it("report a row gone under a driver-level write as a foreign key violation", async () => {
    const user = await newUser("foreign-key@example.com");
    const error = await queryRows(
      "INSERT INTO worklog_entries (id, workspace_id, user_id, project_id, content, recorded_at, updated_at) VALUES ($1, (SELECT workspace_id FROM memberships WHERE user_id = $2::uuid AND role = 'owner'), $2, $3, 'x', now(), now())",
      [crypto.randomUUID(), user.id, crypto.randomUUID()],
    ).catch((caught: unknown) => caught);
    expect(isForeignKeyViolation(error)).toBe(true);
  });
});
