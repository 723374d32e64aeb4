import { beforeAll, describe, expect, it } from "vitest";
import { exportDocumentSchema } from "@/lib/data/export-document";
import { newKey } from "../support/accounts";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

async function call(key: string, method: string, pathname: string, body?: unknown, { invalid = false } = {}) {
  const response = await server.request(pathname, { key, method, body, invalid });
  return { status: response.status, body: await response.json() };
}

/** Every item of a list, following its pages. */
async function all(key: string, pathname: string, field: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let cursor: string | undefined;
  for (;;) {
    const separator = pathname.includes("?") ? "&" : "?";
    const { body } = await call(key, "GET", `${pathname}${separator}limit=100${cursor ? `&starting_after=${cursor}` : ""}`);
    items.push(...body[field]);
    if (!body.meta.has_more) return items;
    cursor = body.meta.end_cursor;
  }
}

/** The account as an export document, built from the API's own lists. */
async function documentOf(key: string) {
  const repositories = await all(key, "/api/v1/repositories", "repositories");
  const commits = (await Promise.all(repositories.map((repository) => all(key, `/api/v1/repositories/${repository.id}/commits`, "commits")))).flat();
  return exportDocumentSchema.parse({
    format: "worklog-export",
    version: 1,
    exported_at: new Date().toISOString(),
    user: (await call(key, "GET", "/api/v1/user")).body,
    projects: await all(key, "/api/v1/projects", "projects"),
    repositories,
    commits,
    entries: await all(key, "/api/v1/worklog/entries", "entries"),
    recaps: [],
  });
}

async function seed(key: string) {
  const post = async (pathname: string, body: unknown) => (await call(key, "POST", pathname, body)).body;
  const website = await post("/api/v1/projects", { name: "Website", identifier: "WEB", description: "The site" });
  await post("/api/v1/projects", { name: "Ops" });
  const repository = await post(`/api/v1/projects/${website.id}/repositories`, { name: "website", remote_url: "git@example.com:w.git" });
  await post("/api/v1/repositories", { name: "dotfiles" });
  const { commits } = await post(`/api/v1/repositories/${repository.id}/commits`, {
    commits: [
      { sha: "a".repeat(40), message: "First", committed_at: "2026-11-20T10:00:00Z", author_name: "Ada" },
      { sha: "b".repeat(40), message: "Second", committed_at: "2026-11-21T10:00:00Z" },
    ],
  });
  const entry = await post("/api/v1/worklog/entries", {
    content: "Built **it**",
    recorded_at: "2026-11-21T09:30:00Z",
    duration_seconds: 3600,
    tags: ["web"],
    project_id: website.id,
  });
  await post(`/api/v1/worklog/entries/${entry.id}/commits`, { commit_ids: commits.map((commit: { id: string }) => commit.id) });
  await post("/api/v1/worklog/entries", { content: "Read mail", recorded_at: "2026-11-21T08:00:00Z" });
}

/** The account as the export endpoint writes it. */
async function exported(key: string) {
  const response = await server.request("/api/v1/export?format=json", { key });
  expect(response.status).toBe(200);
  return exportDocumentSchema.parse(await response.json());
}

const importing = (key: string, body: unknown, query = "", { invalid = false } = {}) => call(key, "POST", `/api/v1/import${query}`, body, { invalid });

/** An item without what the import makes anew: ids (references become the names of what they refer to) and times of creation. */
function comparable(document: Awaited<ReturnType<typeof documentOf>>) {
  const projectName = new Map(document.projects.map((project) => [project.id, project.identifier]));
  const repositoryName = new Map(document.repositories.map((repository) => [repository.id, repository.name]));
  const commitSha = new Map(document.commits.map((commit) => [commit.id, commit.sha]));
  return {
    projects: document.projects.map(({ name, description, identifier }) => ({ name, description, identifier })),
    repositories: document.repositories.map(({ name, project_id, local_path, remote_url, default_branch }) => ({
      name,
      project: project_id && projectName.get(project_id),
      local_path,
      remote_url,
      default_branch,
    })),
    commits: document.commits.map(({ repository_id, sha, message, committed_at, author_name, author_email }) => ({
      repository: repositoryName.get(repository_id),
      sha,
      message,
      committed_at,
      author_name,
      author_email,
    })),
    entries: document.entries.map(({ content, recorded_at, duration_seconds, tags, project_id, project, commit_ids }) => ({
      content,
      recorded_at,
      duration_seconds,
      tags,
      project: project_id && projectName.get(project_id),
      project_name: project?.name,
      commits: commit_ids.map((id) => commitSha.get(id)).sort(),
    })),
  };
}

describe("POST /api/v1/import", () => {
  it("brings an account's export into a fresh account, everything anew, and a second time creates nothing", async () => {
    const source = await newKey(server);
    await seed(source);
    const exported = await documentOf(source);
    const target = await newKey(server);

    const first = await importing(target, exported);
    expect(first).toEqual({
      status: 200,
      body: { created: { projects: 2, repositories: 2, commits: 2, entries: 2 }, skipped: { projects: 0, repositories: 0, commits: 0, entries: 0 } },
    });
    const imported = await documentOf(target);
    expect(comparable(imported)).toEqual(comparable(exported));
    const oldIds = new Set([...exported.projects, ...exported.repositories, ...exported.commits, ...exported.entries].map((item) => item.id));
    expect([...imported.projects, ...imported.repositories, ...imported.commits, ...imported.entries].filter((item) => oldIds.has(item.id))).toEqual([]);

    const again = await importing(target, exported);
    expect(again.body).toEqual({
      created: { projects: 0, repositories: 0, commits: 0, entries: 0 },
      skipped: { projects: 2, repositories: 2, commits: 2, entries: 2 },
    });
    expect(comparable(await documentOf(target))).toEqual(comparable(exported));
  });

  it("reads what the export wrote: export, import into a fresh account, export again gives the same document apart from ids and creation times", async () => {
    const source = await newKey(server);
    await seed(source);
    const first = await exported(source);
    const target = await newKey(server);
    expect((await importing(target, first)).status).toBe(200);
    const second = await exported(target);
    expect(comparable(second)).toEqual(comparable(first));
    expect(second.entries.map((entry) => entry.id)).not.toEqual(first.entries.map((entry) => entry.id));
    expect((await importing(target, second)).body.created).toEqual({ projects: 0, repositories: 0, commits: 0, entries: 0 });
  });

  it("refuses a broken document with every problem at its pointer, and writes nothing", async () => {
    const source = await newKey(server);
    await seed(source);
    const broken = structuredClone(await documentOf(source)) as Record<string, unknown> & Awaited<ReturnType<typeof documentOf>>;
    broken.entries[0]!.content = "";
    broken.entries[1]!.project_id = crypto.randomUUID();
    broken.repositories[1]!.name = broken.repositories[0]!.name;
    broken.commits[0]!.committed_at = "yesterday";
    const target = await newKey(server);
    const before = await documentOf(target);
    const { status, body } = await importing(target, broken, "", { invalid: true });
    expect(status).toBe(422);
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { title: "Invalid value", detail: "String length is smaller than minLength", source: { pointer: "/entries/0/content" } },
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/entries/1/project_id" } },
        { title: "Invalid value", detail: "Duplicate value", source: { pointer: "/repositories/1/name" } },
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/commits/0/committed_at" } },
      ]),
    );
    expect(body.errors).toHaveLength(4);
    expect(await documentOf(target)).toEqual({ ...before, exported_at: expect.any(String) });
  });

  it("imports jrnl's JSON export, its times read in the account's time zone", async () => {
    const key = await newKey(server);
    await call(key, "PUT", "/api/v1/user", { timezone: "America/New_York" });
    const jrnl = {
      tags: { "@work": 1 },
      entries: [{ date: "2026-11-20", time: "09:30", title: "Reviewed the pricing page.", body: "Two fixes left.", tags: ["@work"], starred: false }],
    };
    expect((await importing(key, jrnl, "?format=jrnl")).body.created.entries).toBe(1);
    const { body } = await call(key, "GET", "/api/v1/worklog/entries");
    expect(body.entries).toMatchObject([
      { content: "Reviewed the pricing page.\nTwo fixes left.", recorded_at: "2026-11-20T14:30:00.000Z", tags: ["work"], project_id: null },
    ]);
    expect((await importing(key, jrnl, "", { invalid: true })).status).toBe(422);
    expect((await importing(key, jrnl, "?format=csv", { invalid: true })).status).toBe(400);
  });

  it("reads bodies up to 50 MiB here, while other endpoints keep to 1 MiB", async () => {
    const key = await newKey(server);
    const entries = Array.from({ length: 250 }, (_, index) => ({
      date: "2026-11-20",
      time: "09:30",
      title: `Entry ${index}`,
      body: "x".repeat(8000),
      tags: [],
    }));
    const twoMiB = JSON.stringify({ entries });
    expect(twoMiB.length).toBeGreaterThan(2 * 1024 * 1024 - 100_000);
    const accepted = await importing(key, twoMiB, "?format=jrnl");
    expect(accepted.status).toBe(200);
    expect(accepted.body.created.entries).toBe(250);
    expect((await call(key, "POST", "/api/v1/projects", { name: "Big", description: "x".repeat(1024 * 1024) }, { invalid: true })).status).toBe(413);
    const tooLarge = await importing(key, JSON.stringify({ entries: [], padding: "x".repeat(50 * 1024 * 1024) }), "?format=jrnl", { invalid: true });
    expect(tooLarge).toEqual({ status: 413, body: { error: { message: "Request body too large", type: "invalid_request_error" } } });
  });

  it("needs the write scopes of projects, repositories and the worklog, and a JSON body", async () => {
    const key = await newKey(server, { scopes: ["project:write", "repo:write", "worklog:read"] });
    const { status, body } = await importing(key, { entries: [] }, "?format=jrnl");
    expect(status).toBe(403);
    expect(body.details).toEqual({ required_scope: "project:write repo:write worklog:write", granted_scopes: ["project:write", "repo:write", "worklog:read"] });
    const response = await server.request("/api/v1/import", {
      key: await newKey(server),
      method: "POST",
      body: "{}",
      headers: { "content-type": "text/plain" },
      invalid: true,
    });
    expect(response.status).toBe(415);
  });
});
