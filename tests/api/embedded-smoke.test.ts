// The main API flows on the embedded database (PGlite), through HTTP, whatever database the rest
// of the API project runs on (vitest.config.ts): the other files test the contract once, on one
// database, and tests/db what differs between the two. This file is what makes sure a server on
// the embedded default serves the API end to end: its startup, its admin commands going through
// the server that owns the database (scripts/admin-cli.ts), requests at once taking turns on its
// one connection (lib/db/turn-taking-pglite.ts), and a restart on the same directory.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha, newAccount } from "../support/accounts";
import { launchServer, type PrivateServer, type TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { readEvents } from "../support/sse";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer("standard", { backend: "pglite" });
});

type Json = Awaited<ReturnType<Response["json"]>>;

async function call(key: string, method: string, pathname: string, body?: unknown, expectedStatus?: number): Promise<Json> {
  const response = await server.request(pathname, { key, method, body });
  const answer = await response.json();
  expect(response.status, `${method} ${pathname}: ${JSON.stringify(answer)}`).toBe(expectedStatus ?? (method === "POST" ? 201 : 200));
  return answer;
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe("a server on the embedded database", () => {
  it("runs on it: migrations checked at start, the probes, and an admin command run inside the server", async () => {
    expect(server.backend).toBe("pglite");
    expect(await server.logs()).toMatch(/\[worklog\] embedded database in .*: (schema up to date|applied )/);
    expect(await (await server.request("/api/health")).json()).toEqual({ status: "ok", database: "ok" });

    const { email, key } = await newAccount(server, { scopes: ["user:read"] });
    expect((await call(key, "GET", "/api/v1/user")).plan).toBe("pro");
    // The CLI cannot open the database the server holds: the command runs in the server.
    expect(await server.admin("user:plan", "--email", email, "--plan", "free")).toMatchObject({ exitCode: 0, stdout: `${email} is now on plan free\n` });
    expect((await call(key, "GET", "/api/v1/user")).plan).toBe("free");
  });

  it("keeps a worklog: projects, repositories, commits, entries with commits; lists, filters, search, pages, updates, deletions and sync", async () => {
    const { key } = await newAccount(server);
    const syncStart = new Date(Date.now() - 1000).toISOString();

    const project = await call(key, "POST", "/api/v1/projects", { name: "Website Project" });
    expect(project).toMatchObject({ name: "Website Project", identifier: "WP", description: null });
    const repository = await call(key, "POST", `/api/v1/projects/${project.id}/repositories`, {
      name: "website",
      remote_url: "https://github.com/acme/website",
    });
    expect(repository).toMatchObject({ name: "website", project_id: project.id, local_path: null, default_branch: null });
    expect(ids((await call(key, "GET", `/api/v1/repositories?project_id=${project.id}`)).repositories)).toEqual([repository.id]);

    const batch = [
      { sha: sha("a1"), message: "Add the pricing page", committed_at: "2026-11-20T09:00:00Z", author_name: "Ada" },
      { sha: sha("b2"), message: "Fix the footer", committed_at: "2026-11-20T10:00:00Z" },
    ];
    const { commits } = await call(key, "POST", `${repository.url}/commits`, { commits: batch });
    expect(commits.map((commit: Json) => [commit.sha, commit.message, commit.repository_id])).toEqual(
      batch.map((each) => [each.sha, each.message, repository.id]),
    );
    // The same batch again changes nothing; the repository knows which shas are new.
    expect(ids((await call(key, "POST", `${repository.url}/commits`, { commits: batch })).commits)).toEqual(ids(commits));
    expect(await call(key, "GET", `${repository.url}/commits?uncaptured=true&shas=${sha("a1")},${sha("c3")}`)).toEqual({ uncaptured_shas: [sha("c3")] });
    // Newest first.
    expect(ids((await call(key, "GET", `${repository.url}/commits`)).commits)).toEqual(ids(commits).reverse());

    const pricing = await call(key, "POST", "/api/v1/worklog/entries", {
      content: "Built the **pricing page** for the launch",
      tags: ["Web", "launch"],
      duration_seconds: 5400,
      project_id: project.id,
      recorded_at: "2026-11-20T11:00:00Z",
    });
    expect(pricing).toMatchObject({
      tags: ["web", "launch"],
      project: { id: project.id, name: "Website Project", identifier: "WP" },
      source: "api",
      commit_ids: [],
    });
    const review = await call(key, "POST", "/api/v1/worklog/entries", {
      content: "Reviewed the deployment scripts",
      tags: ["ops"],
      recorded_at: "2026-11-21T09:00:00Z",
    });
    const notes = await call(key, "POST", "/api/v1/worklog/entries", { content: "Wrote release notes", tags: ["web"], recorded_at: "2026-11-19T16:00:00Z" });

    const attached = await call(key, "POST", `/api/v1/worklog/entries/${pricing.id}/commits`, { commit_ids: ids(commits) }, 200);
    expect(attached.commit_ids).toEqual([...ids(commits)].sort());
    expect((await call(key, "GET", commits[0].url)).entry_ids).toEqual([pricing.id]);

    // Newest first by recorded_at; filters; search (full text, stemmed); pages both ways.
    const all = await call(key, "GET", "/api/v1/worklog/entries");
    expect(ids(all.entries)).toEqual([review.id, pricing.id, notes.id]);
    expect(all.meta).toMatchObject({ total_count: 3, result_count: 3, has_more: false });
    expect(ids((await call(key, "GET", "/api/v1/worklog/entries?tags=web")).entries)).toEqual([pricing.id, notes.id]);
    expect(ids((await call(key, "GET", `/api/v1/worklog/entries?project_id=${project.id}`)).entries)).toEqual([pricing.id]);
    expect(ids((await call(key, "GET", "/api/v1/worklog/entries?from=2026-11-20&to=2026-11-20")).entries)).toEqual([pricing.id]);
    expect(ids((await call(key, "GET", "/api/v1/worklog/entries?q=deployed")).entries)).toEqual([review.id]);
    expect(ids((await call(key, "GET", "/api/v1/worklog/entries?q=pric")).entries)).toEqual([pricing.id]);
    expect(ids((await call(key, "GET", "/api/v1/worklog/entries?q=release%20or%20deployment")).entries)).toEqual([review.id, notes.id]);
    expect(ids((await call(key, "GET", "/api/v1/worklog/entries?q=%22pricing%20page%22%20-notes&tags=launch")).entries)).toEqual([pricing.id]);
    const first = await call(key, "GET", "/api/v1/worklog/entries?limit=2");
    expect(ids(first.entries)).toEqual([review.id, pricing.id]);
    expect(first.meta).toMatchObject({ total_count: 3, has_more: true, end_cursor: pricing.id });
    const second = await call(key, "GET", `/api/v1/worklog/entries?limit=2&starting_after=${first.meta.end_cursor}`);
    expect(ids(second.entries)).toEqual([notes.id]);
    expect(second.meta).toMatchObject({ has_more: false });
    expect(ids((await call(key, "GET", `/api/v1/worklog/entries?limit=2&ending_before=${notes.id}`)).entries)).toEqual([review.id, pricing.id]);

    const updated = await call(key, "PUT", pricing.url, { content: "Built and shipped the pricing page", tags: ["web", "shipped"] });
    expect(updated).toMatchObject({
      content: "Built and shipped the pricing page",
      tags: ["web", "shipped"],
      commit_ids: attached.commit_ids,
      duration_seconds: 5400,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(pricing.updated_at));
    expect(await call(key, "GET", pricing.url)).toEqual(updated);

    expect(await call(key, "DELETE", notes.url)).toEqual(notes);
    expect((await server.request(notes.url, { key })).status).toBe(404);
    const deleted = await call(key, "GET", `/api/v1/deleted?since=${syncStart}`);
    expect(deleted.deleted).toEqual([{ type: "entry", id: notes.id, deleted_at: expect.any(String) }]);
    const changed = await call(key, "GET", `/api/v1/worklog/entries?updated_since=${syncStart}`);
    expect(ids(changed.entries)).toEqual([review.id, pricing.id]);
    expect((await call(key, "GET", "/api/v1/worklog/entries")).meta.total_count).toBe(2);
  });

  it("writes a recap to completion, streamed piece by piece", async () => {
    const { key } = await newAccount(server);
    const entry = await call(key, "POST", "/api/v1/worklog/entries", {
      content: "Shipped the landing page",
      tags: ["web"],
      duration_seconds: 600,
      recorded_at: "2026-11-20T10:00:00Z",
    });
    // The account's stream, open before the recap begins, gets every piece as it is written.
    const written = readEvents(await server.request("/api/v1/worklog/recaps/sse", { key }), (events) =>
      events.some((event) => event.data.status !== "processing"),
    );
    const recap = await call(key, "POST", "/api/v1/worklog/recaps", { from: "2026-11-20", to: "2026-11-20", template: "standup" });
    expect(recap).toMatchObject({ status: "processing", recap_id: recap.id, template: "standup" });
    expect(recap.sse_url).toBe(`${server.url}/api/v1/worklog/recaps/sse?recap_id=${recap.id}`);

    const { events } = await written;
    const last = events.at(-1)!.data;
    expect(last).toMatchObject({
      recap_id: recap.id,
      status: "completed",
      metadata: { entry_count: 1, total_duration_seconds: 600 },
      sources: [{ type: "entry", id: entry.id }],
    });
    expect(last.content).toContain(`(/?entry=${entry.id})`);
    expect(events.length).toBeGreaterThan(2);
    expect(
      events
        .slice(0, -1)
        .map((event) => event.data.delta)
        .join(""),
    ).toBe(last.content);
    expect(await call(key, "GET", recap.url)).toMatchObject({ status: "completed", content: last.content });
    // Its own stream, once it is complete: the recap as one event, then the end.
    const own = await readEvents(await server.request(`/api/v1/worklog/recaps/sse?recap_id=${recap.id}`, { key }));
    expect(own.closedByServer).toBe(true);
    expect(own.events.map((event) => event.data)).toEqual([last]);
  });

  it("exports an account and imports it into another, once", async () => {
    const { key } = await newAccount(server);
    const project = await call(key, "POST", "/api/v1/projects", { name: "API", identifier: "API" });
    const repository = await call(key, "POST", "/api/v1/repositories", { name: "api", project_id: project.id });
    const { commits } = await call(key, "POST", `${repository.url}/commits`, {
      commits: [{ sha: sha("d4"), message: "Add rate limits", committed_at: "2026-11-18T08:00:00Z" }],
    });
    const entry = await call(key, "POST", "/api/v1/worklog/entries", {
      content: "Added rate limits",
      tags: ["backend"],
      project_id: project.id,
      recorded_at: "2026-11-18T09:00:00Z",
    });
    await call(key, "POST", `${entry.url}/commits`, { commit_ids: ids(commits) }, 200);
    await call(key, "POST", "/api/v1/worklog/entries", { content: "Planned the **next** week", recorded_at: "2026-11-17T09:00:00Z" });

    const exported = await server.request("/api/v1/export?format=json", { key });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-disposition")).toMatch(/^attachment; filename="worklog-\d{4}-\d\d-\d\d\.json"$/);
    const document = await exported.json();
    expect(document).toMatchObject({
      format: "worklog-export",
      version: 1,
      projects: [{ id: project.id, identifier: "API" }],
      repositories: [{ id: repository.id, project_id: project.id }],
      commits: [{ id: commits[0].id, sha: sha("d4") }],
    });
    expect(document.entries.map((each: Json) => each.content)).toEqual(["Added rate limits", "Planned the **next** week"]);
    const csv = await (await server.request("/api/v1/export?format=csv", { key })).text();
    expect(csv.split("\r\n")[1]).toContain(`,API,API,backend,Added rate limits,${sha("d4")}`);

    const other = await newAccount(server);
    const counts = { projects: 1, repositories: 1, commits: 1, entries: 2 };
    const none = { projects: 0, repositories: 0, commits: 0, entries: 0 };
    expect(await call(other.key, "POST", "/api/v1/import", document, 200)).toEqual({ created: counts, skipped: none });
    expect(await call(other.key, "POST", "/api/v1/import", document, 200)).toEqual({ created: none, skipped: counts });
    const imported = await call(other.key, "GET", "/api/v1/worklog/entries");
    expect(imported.entries.map((each: Json) => [each.content, each.recorded_at, each.tags, each.project?.identifier ?? null])).toEqual(
      document.entries.map((each: Json) => [each.content, each.recorded_at, each.tags, each.project?.identifier ?? null]),
    );
    expect(imported.entries[0].id).not.toBe(entry.id);
    const [importedRepository] = (await call(other.key, "GET", "/api/v1/repositories")).repositories;
    expect((await call(other.key, "GET", `${importedRepository.url}/commits`)).commits.map((each: Json) => [each.id, each.sha])).toEqual([
      [imported.entries[0].commit_ids[0], sha("d4")],
    ]);
  });

  it("serves requests at once, taking turns on its one connection: every write kept, none lost", async () => {
    const { key } = await newAccount(server);
    const project = await call(key, "POST", "/api/v1/projects", { name: "Turns" });
    const entry = await call(key, "POST", "/api/v1/worklog/entries", { content: "first draft" });
    const changes = [
      { content: "final words" },
      { tags: ["deploy"] },
      { duration_seconds: 1800 },
      { project_id: project.id },
      { recorded_at: "2026-02-01T08:30:00.000Z" },
    ];
    const creates = Array.from({ length: 20 }, (_, index) =>
      server.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: `entry ${index}` } }),
    );
    const reads = Array.from({ length: 10 }, () => server.request("/api/v1/worklog/entries?limit=1", { key }));
    const updates = changes.map((body) => server.request(entry.url, { key, method: "PUT", body }));
    const responses = await Promise.all([...creates, ...reads, ...updates]);
    expect(responses.map((response) => response.status)).toEqual([...creates.map(() => 201), ...reads.map(() => 200), ...updates.map(() => 200)]);

    expect(await call(key, "GET", entry.url)).toMatchObject(Object.assign({}, ...changes));
    const listed = await call(key, "GET", "/api/v1/worklog/entries?limit=100");
    expect(listed.meta.total_count).toBe(21);
    expect(listed.entries.map((each: Json) => each.content).sort()).toEqual(
      ["final words", ...Array.from({ length: 20 }, (_, index) => `entry ${index}`)].sort(),
    );
  });
});

// A restart needs a server of this file's own, and migrations at start an embedded database no
// migrated template was copied into: launchServer, not startServer.
describe("a server restarted on its embedded database", () => {
  let restarted: PrivateServer;

  beforeAll(async () => {
    restarted = await launchServer({ backend: "pglite" });
  });

  afterAll(async () => {
    await restarted?.stop();
  });

  it("migrated it at its first start, and after a restart keeps its data and runs the admin commands", async () => {
    expect(await restarted.logs()).toMatch(/\[worklog\] embedded database in .*: applied \d{14}_/);
    const { email, key } = await newAccount(restarted, { scopes: ["worklog:*"] });
    const entry = await (await restarted.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: "Written before the restart" } })).json();

    await restarted.restart();
    expect((await restarted.logs()).match(/schema up to date/g)).toHaveLength(1);
    // The new process holds the database: the admin commands go to it, and what was written is there.
    const after = await restarted.createKey(email, ["worklog:read"]);
    for (const credential of [key, after]) {
      const read = await restarted.request(`/api/v1/worklog/entries/${entry.id}`, { key: credential });
      expect(await read.json()).toEqual(entry);
    }
  });
});
