import { describe, expect, it } from "vitest";
import { accessOf } from "../support/access";
import { accountTotal } from "@/lib/db/account-counters";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { importDocument } from "@/lib/data/import";
import { AppError } from "@/lib/errors";
import { createProject } from "@/lib/projects/projects";

// Importing a document into an account (lib/data/import.ts, docs/api.md "Import").

let accounts = 0;
const newUser = (timezone = "UTC") => getDb().user.create({ data: { email: `import-${++accounts}@example.com`, timezone } });

const ids = { project: newId(), other: newId(), repository: newId(), commit: newId(), second: newId(), entry: newId(), loose: newId() };
const sha = (seed: string) => seed.repeat(40).slice(0, 40);

function document() {
  return {
    format: "worklog-export",
    version: 1,
    exported_at: "2026-11-22T18:00:00.000Z",
    projects: [
      { id: ids.project, name: "Website", description: "The site", identifier: "WEB" },
      { id: ids.other, name: "Ops", description: null, identifier: "OPS" },
    ],
    repositories: [{ id: ids.repository, name: "website", project_id: ids.project, local_path: "/src/website", remote_url: null, default_branch: "main" }],
    commits: [
      {
        id: ids.commit,
        repository_id: ids.repository,
        sha: sha("a1"),
        message: "First",
        committed_at: "2026-11-20T10:00:00.000Z",
        author_name: "Ada",
        author_email: null,
      },
      {
        id: ids.second,
        repository_id: ids.repository,
        sha: sha("b2"),
        message: "Second",
        committed_at: "2026-11-21T10:00:00.000Z",
        author_name: null,
        author_email: null,
      },
    ],
    entries: [
      {
        id: ids.entry,
        content: "Built **it**",
        recorded_at: "2026-11-21T09:30:00.000Z",
        duration_seconds: 3600,
        tags: ["web"],
        project_id: ids.project,
        commit_ids: [ids.commit, ids.second],
        source: "mcp",
      },
      { id: ids.loose, content: "Read mail", recorded_at: "2026-11-21T08:00:00.000Z", duration_seconds: null, tags: [], project_id: null, commit_ids: [] },
    ],
    recaps: [],
  };
}

async function accountRows(userId: string) {
  const db = getDb();
  return {
    projects: await db.project.count({ where: { userId } }),
    repositories: await db.repository.count({ where: { userId } }),
    commits: await db.commit.count({ where: { userId } }),
    entries: await db.worklogEntry.count({ where: { userId } }),
    links: await db.worklogEntryCommit.count({ where: { entry: { userId } } }),
  };
}

async function refusal(run: () => Promise<unknown>): Promise<{ pointer: string; detail: string }[]> {
  const error = await run().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe("validation");
  return (error as AppError).issues.map(({ pointer, detail }) => ({ pointer, detail }));
}

describe("importing a Worklog export", () => {
  it("creates everything with new ids, its references remapped, counted in the account's totals", async () => {
    const user = await newUser();
    const summary = await importDocument(await accessOf(user), "worklog-export", document(), "cli");
    expect(summary).toEqual({
      created: { projects: 2, repositories: 1, commits: 2, entries: 2 },
      skipped: { projects: 0, repositories: 0, commits: 0, entries: 0 },
    });

    const db = getDb();
    const project = await db.project.findFirstOrThrow({ where: { userId: user.id, identifier: "WEB" } });
    const repository = await db.repository.findFirstOrThrow({ where: { userId: user.id } });
    const commits = await db.commit.findMany({ where: { userId: user.id }, orderBy: { sha: "asc" } });
    const entry = await db.worklogEntry.findFirstOrThrow({ where: { userId: user.id, content: "Built **it**" }, include: { commits: true } });
    expect(Object.values(ids)).not.toContain(project.id);
    expect([repository.id, entry.id, ...commits.map((commit) => commit.id)].some((id) => Object.values(ids).includes(id))).toBe(false);
    expect({ name: project.name, description: project.description }).toEqual({ name: "Website", description: "The site" });
    expect(repository).toMatchObject({ name: "website", projectId: project.id, localPath: "/src/website", remoteUrl: null, defaultBranch: "main" });
    expect(commits.map((commit) => [commit.repositoryId, commit.sha, commit.message, commit.authorName])).toEqual([
      [repository.id, sha("a1"), "First", "Ada"],
      [repository.id, sha("b2"), "Second", null],
    ]);
    expect(entry).toMatchObject({ projectId: project.id, recordedAt: new Date("2026-11-21T09:30:00Z"), durationSeconds: 3600, tags: ["web"], source: "mcp" });
    // An entry whose document names no source gets the importer's.
    expect(await db.worklogEntry.findFirstOrThrow({ where: { userId: user.id, content: "Read mail" } })).toMatchObject({ source: "cli" });
    expect(entry.commits.map((link) => link.commitId).sort()).toEqual(commits.map((commit) => commit.id).sort());
    expect(await accountTotal(await accessOf(user), "projectCount")).toBe(2);
    expect(await accountTotal(await accessOf(user), "repositoryCount")).toBe(1);
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(2);
  });

  it("creates nothing the second time: every item is skipped", async () => {
    const user = await newUser();
    await importDocument(await accessOf(user), "worklog-export", document(), "api");
    const before = await accountRows(user.id);
    const summary = await importDocument(await accessOf(user), "worklog-export", document(), "api");
    expect(summary).toEqual({
      created: { projects: 0, repositories: 0, commits: 0, entries: 0 },
      skipped: { projects: 2, repositories: 1, commits: 2, entries: 2 },
    });
    expect(await accountRows(user.id)).toEqual(before);
  });

  it("refers to what the account has already: a project of the same identifier takes the new repository and entry", async () => {
    const user = await newUser();
    const existing = await createProject(await accessOf(user), { name: "Our website", identifier: "WEB" });
    const summary = await importDocument(await accessOf(user), "worklog-export", document(), "api");
    expect(summary.skipped.projects).toBe(1);
    expect(summary.created.projects).toBe(1);
    const db = getDb();
    expect((await db.repository.findFirstOrThrow({ where: { userId: user.id } })).projectId).toBe(existing.id);
    expect((await db.worklogEntry.findFirstOrThrow({ where: { userId: user.id, content: "Built **it**" } })).projectId).toBe(existing.id);
    expect((await db.project.findUniqueOrThrow({ where: { id: existing.id } })).name).toBe("Our website");
  });

  it("refuses a document with every problem at its pointer, and writes nothing", async () => {
    const user = await newUser();
    const broken = document();
    broken.projects[1]!.identifier = "web"; // the same identifier as the first, once upper-cased
    broken.repositories[0]!.project_id = newId();
    broken.commits[1]!.sha = "not-a-sha";
    broken.entries[0]!.content = "";
    broken.entries[0]!.commit_ids = [ids.commit, newId()];
    broken.entries[1]!.tags = ["has space"];
    broken.entries[1]!.project_id = newId();
    const before = await accountRows(user.id);
    const access = await accessOf(user);
    expect(await refusal(() => importDocument(access, "worklog-export", broken, "api"))).toEqual(
      expect.arrayContaining([
        { pointer: "/projects/1/identifier", detail: "Duplicate value" },
        { pointer: "/repositories/0/project_id", detail: "Invalid value" },
        { pointer: "/commits/1/sha", detail: "Invalid value" },
        { pointer: "/entries/0/content", detail: "String length is smaller than minLength" },
        { pointer: "/entries/0/commit_ids/1", detail: "Invalid value" },
        { pointer: "/entries/1/tags/0", detail: "Invalid value" },
        { pointer: "/entries/1/project_id", detail: "Invalid value" },
      ]),
    );
    expect(await accountRows(user.id)).toEqual(before);
  });

  it("reports a wrong format, missing lists and duplicate ids, shas and names", async () => {
    const user = await newUser();
    const broken = { ...document(), format: "other", repositories: undefined };
    broken.commits.push({ ...broken.commits[0]!, id: newId() });
    broken.entries.push({ ...broken.entries[1]! });
    const access = await accessOf(user);
    expect(await refusal(() => importDocument(access, "worklog-export", broken, "api"))).toEqual([
      { pointer: "/format", detail: "Invalid enum value" },
      { pointer: "/repositories", detail: "Missing field: repositories" },
      { pointer: "/commits/2/sha", detail: "Duplicate value" },
      { pointer: "/entries/2/id", detail: "Duplicate value" },
      // The repository the commits name is not in the document any more.
      { pointer: "/commits/0/repository_id", detail: "Invalid value" },
      { pointer: "/commits/1/repository_id", detail: "Invalid value" },
      { pointer: "/commits/2/repository_id", detail: "Invalid value" },
    ]);
  });

  it("imports 10 000 entries in one go", async () => {
    const user = await newUser();
    const entries = Array.from({ length: 10_000 }, (_, index) => ({
      id: newId(),
      content: `Entry ${index}`,
      recorded_at: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
      tags: ["bulk"],
      project_id: ids.project,
      commit_ids: [ids.commit],
    }));
    const started = performance.now();
    const summary = await importDocument(await accessOf(user), "worklog-export", { ...document(), entries }, "api");
    console.log(`imported 10 000 entries in ${Math.round(performance.now() - started)} ms`);
    expect(summary.created.entries).toBe(10_000);
    expect(await accountTotal(await accessOf(user), "entryCount")).toBe(10_000);
    expect((await accountRows(user.id)).links).toBe(10_000);
  });
});

describe("importing a jrnl export", () => {
  const jrnl = {
    tags: { "@work": 2, "@Deploy": 1 },
    entries: [
      { date: "2026-11-20", time: "09:30", title: "Reviewed the pricing page.", body: "Two fixes left.", tags: ["@work"], starred: false },
      { date: "2026-03-29", time: "02:30", title: "Deployed.", body: "", tags: ["@work", "@Deploy"], starred: true },
    ],
  };

  it("reads dates and times in the account's time zone, the title and body as the content, tags without their symbol", async () => {
    const user = await newUser("Europe/Paris");
    expect(await importDocument(await accessOf(user), "jrnl", jrnl, "api")).toEqual({
      created: { projects: 0, repositories: 0, commits: 0, entries: 2 },
      skipped: { projects: 0, repositories: 0, commits: 0, entries: 0 },
    });
    const entries = await getDb().worklogEntry.findMany({ where: { userId: user.id }, orderBy: { recordedAt: "desc" } });
    expect(entries.map(({ content, recordedAt, tags, projectId }) => ({ content, recordedAt, tags, projectId }))).toEqual([
      { content: "Reviewed the pricing page.\nTwo fixes left.", recordedAt: new Date("2026-11-20T08:30:00Z"), tags: ["work"], projectId: null },
      // 02:30 does not exist in Paris that night (the clocks go from 02:00 to 03:00).
      { content: "Deployed.", recordedAt: expect.any(Date), tags: ["work", "deploy", "starred"], projectId: null },
    ]);
    expect((await importDocument(await accessOf(user), "jrnl", jrnl, "api")).skipped.entries).toBe(2);
  });

  it("reports each problem at its place in the jrnl document", async () => {
    const user = await newUser();
    const broken = {
      entries: [
        { date: "2026-02-30", time: "25:00", title: "x", body: "", tags: [] },
        { date: "2026-11-20", time: "09:30", title: "", body: "", tags: ["@two words"] },
        { date: "2026-11-20", time: "09:30", title: "Long", body: "y".repeat(10_001), tags: [] },
      ],
    };
    const access = await accessOf(user);
    expect(await refusal(() => importDocument(access, "jrnl", broken, "api"))).toEqual([
      { pointer: "/entries/0/date", detail: "Invalid value" },
      { pointer: "/entries/0/time", detail: "Invalid value" },
      { pointer: "/entries/1/title", detail: "String length is smaller than minLength" },
      { pointer: "/entries/1/tags/0", detail: "Invalid value" },
      { pointer: "/entries/2/body", detail: "String length is larger than maxLength" },
    ]);
    expect(await accountRows(user.id)).toMatchObject({ entries: 0 });
  });
});
