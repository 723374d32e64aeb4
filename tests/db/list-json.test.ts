import { describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { jsonCursorPageResponse, type JsonRow, type CursorPageMeta, type CursorPageRequest } from "@/lib/api/cursor-pagination";
import { getDb } from "@/lib/db/client";
import { queryRows } from "@/lib/db/sql";
import { createProject, deleteProject, listProjects, listProjectsAsJson } from "@/lib/projects/projects";
import { projectListResponseSchema, toProjectResponse } from "@/lib/projects/responses";
import { listCommits, listCommitsAsJson, recordCommits } from "@/lib/repositories/commits";
import { createRepository, deleteRepository, listRepositories, listRepositoriesAsJson } from "@/lib/repositories/repositories";
import { commitListResponseSchema, repositoryListResponseSchema, toCommitResponse, toRepositoryResponse } from "@/lib/repositories/responses";
import { listDeletedAsJson } from "@/lib/sync/deleted";
import { tombstoneListResponseSchema } from "@/lib/sync/responses";
import { createEntry, deleteEntry } from "@/lib/worklog/entries";

// The API's pages of projects, repositories, commits and deletions are written by PostgreSQL from
// each item's shape (lib/db/json-shape.ts) and passed on as text. These tests hold that text to
// what JSON.stringify writes of the JavaScript writers' objects (toProjectResponse, …), which the
// single items' answers, the export and the webhooks still use, byte for byte, and the object
// pages (web pages, MCP) to the rows Prisma reads.

const awkward = "quotes \" and ' and \\ backslash\n\ttab\r\u0001\u001f\u007f control, \u2028\u2029 separators, émoji 🙂, </script>";

let accounts = 0;
const newUser = () => getDb().user.create({ data: { email: `list-json-${++accounts}@example.com` } });

/** Sets a row's timestamps to whole seconds, which `toISOString` writes with `.000`. */
const wholeSeconds = (table: "projects" | "repositories" | "commits" | "deleted_items", id: string, columns: string[]) =>
  queryRows(`UPDATE ${table} SET ${columns.map((column) => `${column} = '2026-11-02T03:04:05.000Z'`).join(", ")} WHERE id = $1::uuid`, [id]);

const pageBody = (items: string, page: { rows: JsonRow[]; meta: CursorPageMeta }) => jsonCursorPageResponse(items, page).text();

/** Pages that start, follow a cursor each way, and come back empty. */
const pagesOf = (ids: string[]): CursorPageRequest[] => [
  { limit: 25 },
  { limit: 2 },
  { limit: 1, startingAfter: ids[0] },
  { limit: 2, endingBefore: ids.at(-1) },
  { limit: 25, startingAfter: ids.at(-1) },
];

describe("list pages written as JSON by PostgreSQL", () => {
  it("projects: byte for byte what JSON.stringify writes of toProjectResponse, the object page as Prisma reads it", async () => {
    const user = await newUser();
    const plain = await createProject(await accessOf(user), { name: "Plain", identifier: "PL" });
    const odd = await createProject(await accessOf(user), { name: awkward, identifier: "ODD", description: `${awkward}\nsecond line` });
    const empty = await createProject(await accessOf(user), { name: "", identifier: "E", description: "" });
    await wholeSeconds("projects", odd.id, ["inserted_at", "updated_at"]);
    const ids = [empty.id, odd.id, plain.id];
    for (const [page, filter] of [
      ...pagesOf(ids).map((page) => [page, {}] as const),
      [{ limit: 25 }, { updatedSince: new Date(Date.now() + 3_600_000) }] as const,
    ]) {
      const expected = await listProjects(await accessOf(user), page, filter);
      const written = await listProjectsAsJson(await accessOf(user), page, filter);
      expect(written.meta).toEqual(expected.meta);
      const body = await pageBody("projects", written);
      expect(body).toBe(JSON.stringify({ projects: expected.rows.map(toProjectResponse), meta: expected.meta }));
      expect(projectListResponseSchema.parse(JSON.parse(body))).toEqual(JSON.parse(body));
    }
    const { rows } = await listProjects(await accessOf(user), { limit: 25 });
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows).toEqual(await getDb().project.findMany({ where: { userId: user.id }, orderBy: { id: "desc" } }));
    expect(JSON.parse(await pageBody("projects", await listProjectsAsJson(await accessOf(user), { limit: 25 }))).projects[1]).toMatchObject({
      name: awkward,
      inserted_at: "2026-11-02T03:04:05.000Z",
    });
  });

  it("repositories: byte for byte what JSON.stringify writes of toRepositoryResponse, with nulls and a project filter", async () => {
    const user = await newUser();
    const project = await createProject(await accessOf(user), { name: "Website", identifier: "WEB" });
    const bare = await createRepository(await accessOf(user), { name: "bare" });
    const full = await createRepository(await accessOf(user), {
      name: awkward,
      project_id: project.id,
      local_path: 'C:\\Users\\Zoë\\src\\"site"',
      remote_url: "git@github.com:example/site.git",
      default_branch: "main/ünïcode",
    });
    const inProject = await createRepository(await accessOf(user), { name: "api", project_id: project.id, default_branch: "" });
    await wholeSeconds("repositories", full.id, ["inserted_at", "updated_at"]);
    const ids = [inProject.id, full.id, bare.id];
    for (const [page, filter] of [
      ...pagesOf(ids).map((page) => [page, {}] as const),
      [{ limit: 1 }, { projectId: project.id }] as const,
      [{ limit: 25 }, { updatedSince: new Date(Date.now() + 3_600_000) }] as const,
    ]) {
      const expected = await listRepositories(await accessOf(user), page, filter);
      const written = await listRepositoriesAsJson(await accessOf(user), page, filter);
      expect(written.meta).toEqual(expected.meta);
      const body = await pageBody("repositories", written);
      expect(body).toBe(JSON.stringify({ repositories: expected.rows.map(toRepositoryResponse), meta: expected.meta }));
      expect(repositoryListResponseSchema.parse(JSON.parse(body))).toEqual(JSON.parse(body));
    }
    const { rows } = await listRepositories(await accessOf(user), { limit: 25 });
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows).toEqual(await getDb().repository.findMany({ where: { userId: user.id }, orderBy: { id: "desc" } }));
    expect((await listRepositories(await accessOf(user), { limit: 25 }, { projectId: project.id })).meta.total_count).toBe(2);
  });

  it("commits: byte for byte what JSON.stringify writes of toCommitResponse, in the order of committed_at then id", async () => {
    const user = await newUser();
    const repository = await createRepository(await accessOf(user), { name: "site" });
    const commits = await recordCommits(await accessOf(user), repository.id, [
      {
        sha: "a".repeat(40),
        message: `${awkward}\n\nBody of the message.`,
        committed_at: new Date("2026-11-01T10:00:00.000Z"),
        author_name: 'Zoë "Z" O\'Brien',
        author_email: "zoe@example.com",
        web_url: "https://example.com/c/a?x=1&y=\\",
      },
      { sha: "b".repeat(40), message: "same time", committed_at: new Date("2026-11-01T10:00:00.000Z") },
      { sha: "c".repeat(64), message: "", committed_at: new Date("2026-11-03T23:59:59.999Z"), author_name: "", author_email: "" },
    ]);
    await wholeSeconds("commits", commits[0]!.id, ["inserted_at", "updated_at"]);
    const other = await createRepository(await accessOf(user), { name: "other" });
    await recordCommits(await accessOf(user), other.id, [{ sha: "d".repeat(40), message: "elsewhere", committed_at: new Date("2026-11-02T00:00:00.000Z") }]);
    const ids = (await listCommits(await accessOf(user), repository.id, { limit: 25 })).rows.map((row) => row.id);
    expect(ids[0]).toBe(commits[2]!.id);
    for (const page of pagesOf(ids)) {
      const expected = await listCommits(await accessOf(user), repository.id, page);
      const written = await listCommitsAsJson(await accessOf(user), repository.id, page);
      expect(written.meta).toEqual(expected.meta);
      const body = await pageBody("commits", written);
      expect(body).toBe(JSON.stringify({ commits: expected.rows.map(toCommitResponse), meta: expected.meta }));
      expect(commitListResponseSchema.parse(JSON.parse(body))).toEqual(JSON.parse(body));
    }
    const { rows } = await listCommits(await accessOf(user), repository.id, { limit: 25 });
    expect(rows).toEqual(await getDb().commit.findMany({ where: { repositoryId: repository.id }, orderBy: [{ committedAt: "desc" }, { id: "desc" }] }));
    expect(rows).toHaveLength(3);
  });

  it("deletions: each tombstone's kind, id and deletion time, newest first, as the schema says", async () => {
    const user = await newUser();
    const project = await createProject(await accessOf(user), { name: "Gone" });
    const repository = await createRepository(await accessOf(user), { name: "gone" });
    const entry = await createEntry(await accessOf(user), { content: "gone" }, "api");
    await deleteProject(await accessOf(user), project.id);
    await deleteRepository(await accessOf(user), repository.id);
    await deleteEntry(await accessOf(user), entry.id);
    await wholeSeconds("deleted_items", repository.id, ["deleted_at"]);
    const tombstones = await getDb().deletedItem.findMany({ where: { userId: user.id }, orderBy: [{ deletedAt: "desc" }, { id: "desc" }] });
    const expected = tombstones.map((item) => ({ type: item.kind, id: item.id, deleted_at: item.deletedAt.toISOString() }));
    expect(expected.at(-1)).toEqual({ type: "repository", id: repository.id, deleted_at: "2026-11-02T03:04:05.000Z" });
    const ids = expected.map((item) => item.id);
    const slices = [expected, expected.slice(0, 2), expected.slice(1, 2), expected.slice(0, 2), []];
    for (const [index, page] of pagesOf(ids).entries()) {
      const written = await listDeletedAsJson(await accessOf(user), { page });
      expect(written.meta).toMatchObject({ result_count: slices[index]!.length, total_count: 3 });
      const body = await pageBody("deleted", written);
      expect(body).toBe(JSON.stringify({ deleted: slices[index], meta: written.meta }));
      expect(tombstoneListResponseSchema.parse(JSON.parse(body))).toEqual(JSON.parse(body));
    }
    const entries = await listDeletedAsJson(await accessOf(user), { page: { limit: 25 }, type: "entry" });
    expect(await pageBody("deleted", entries)).toBe(JSON.stringify({ deleted: [expected.find((item) => item.id === entry.id)], meta: entries.meta }));
  });
});
