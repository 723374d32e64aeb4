import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newAccount } from "../support/accounts";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

const entriesPath = "/api/v1/worklog/entries";
const notFoundBody = { error: { message: "Could not find the requested resource", type: "not_found_error" } };

type Entry = {
  id: string;
  url: string;
  content: string;
  recorded_at: string;
  duration_seconds: number | null;
  tags: string[];
  project_id: string | null;
  project: { id: string; name: string; identifier: string } | null;
  commit_ids: string[];
  source: "web" | "api" | "cli" | "mcp";
  inserted_at: string;
  updated_at: string;
};

const createEntry = (key: string, body: unknown, { invalid = false } = {}) => server.request(entriesPath, { key, method: "POST", body, invalid });
const newEntry = (key: string, body: Record<string, unknown>) => json<Entry>(createEntry(key, { content: "work", ...body }), 201);
const newProject = (key: string, name: string) =>
  json<{ id: string; name: string; identifier: string }>(server.request("/api/v1/projects", { key, method: "POST", body: { name } }), 201);
const attach = (key: string, entry: Entry, commitIds: unknown) =>
  server.request(`${entry.url}/commits`, { key, method: "POST", body: { commit_ids: commitIds } });

async function newCommits(key: string, repositoryName: string, count: number) {
  const repository = await json<{ id: string }>(server.request("/api/v1/repositories", { key, method: "POST", body: { name: repositoryName } }), 201);
  const commits = Array.from({ length: count }, (_, index) => ({
    sha: `${repositoryName.length}${index}`.padEnd(40, "a"),
    message: `Commit ${index}`,
    committed_at: "2026-01-01T12:00:00Z",
  }));
  const created = await json<{ commits: { id: string }[] }>(
    server.request(`/api/v1/repositories/${repository.id}/commits`, { key, method: "POST", body: { commits } }),
    201,
  );
  return { repositoryId: repository.id, commitIds: created.commits.map((commit) => commit.id) };
}

const listIds = async (key: string, query: string) => {
  const page = await json<{ entries: Entry[]; meta: { total_count: number } }>(server.request(`${entriesPath}?${query}`, { key }), 200);
  return { ids: page.entries.map((entry) => entry.id), total: page.meta.total_count };
};

describe("worklog entries", () => {
  it("go through create, get, list, update and delete", async () => {
    const { key } = await newAccount(server);
    const project = await newProject(key, "Website Project");
    const me = await json<{ id: string }>(server.request("/api/v1/user", { key }));

    const created = await createEntry(key, {
      content: "Shipped the **landing page**",
      recorded_at: "2026-01-02T10:00:00.123456+02:00",
      duration_seconds: 3600,
      tags: ["Deploy", "ops"],
      project_id: project.id,
      id: "ignored",
    });
    expect(created.status).toBe(201);
    const entry: Entry = await created.json();
    expect(entry).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      url: `/api/v1/worklog/entries/${entry.id}`,
      content: "Shipped the **landing page**",
      recorded_at: "2026-01-02T08:00:00.123Z",
      duration_seconds: 3600,
      tags: ["deploy", "ops"],
      project_id: project.id,
      project: { id: project.id, name: "Website Project", identifier: "WP" },
      commit_ids: [],
      references: [],
      author: { id: me.id, name: null },
      source: "api",
      running: false,
      inserted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(await json(server.request(entry.url, { key }), 200)).toEqual(entry);

    const list = await json<{ entries: Entry[]; meta: unknown }>(server.request(entriesPath, { key }), 200);
    expect(list).toEqual({
      entries: [entry],
      meta: { result_count: 1, total_count: 1, total_count_exact: true, start_cursor: entry.id, end_cursor: entry.id, limit: 25, has_more: false },
    });

    const updated = await json<Entry>(
      server.request(entry.url, { key, method: "PUT", body: { content: "Shipped it", duration_seconds: null, tags: [], project_id: null } }),
      200,
    );
    expect(updated).toEqual({
      ...entry,
      content: "Shipped it",
      duration_seconds: null,
      tags: [],
      project_id: null,
      project: null,
      updated_at: expect.stringMatching(/Z$/),
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(entry.updated_at));

    const unchanged = await json<Entry>(server.request(entry.url, { key, method: "PUT", body: {} }), 200);
    expect({ ...unchanged, updated_at: updated.updated_at }).toEqual(updated);

    expect(await json(server.request(entry.url, { key, method: "DELETE" }), 200)).toEqual(unchanged);
    expect(await json(server.request(entry.url, { key }), 404)).toEqual(notFoundBody);
    expect(await json(server.request(entry.url, { key, method: "DELETE" }), 404)).toEqual(notFoundBody);
  });

  it("default recorded_at to now, duration and project to null, tags and commits to empty", async () => {
    const { key } = await newAccount(server);
    const before = Date.now();
    const entry = await newEntry(key, {});
    expect(Date.parse(entry.recorded_at)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(entry.recorded_at)).toBeLessThanOrEqual(Date.now());
    expect(entry).toMatchObject({ content: "work", duration_seconds: null, tags: [], project_id: null, project: null, commit_ids: [] });
  });

  it("store content exactly as sent", async () => {
    const { key } = await newAccount(server);
    for (const content of ["\n# Title\n\nline with trailing spaces   \n", "Ünïcödé 🚀 日本語\r\n", "   ", "🚀".repeat(10_000)]) {
      const entry = await newEntry(key, { content });
      expect(entry.content).toBe(content);
      expect((await json<Entry>(server.request(entry.url, { key }), 200)).content).toBe(content);
    }
  });

  it("normalise tags: trimmed, lower-cased, deduplicated in first-seen order", async () => {
    const { key } = await newAccount(server);
    const entry = await newEntry(key, { tags: [" Deploy ", "OPS", "deploy", "ÉTÉ", "ops"] });
    expect(entry.tags).toEqual(["deploy", "ops", "été"]);
    const updated = await json<Entry>(server.request(entry.url, { key, method: "PUT", body: { tags: ["B", "b", "A"] } }), 200);
    expect(updated.tags).toEqual(["b", "a"]);
  });

  it("accept the boundary values", async () => {
    const { key } = await newAccount(server);
    const tags = Array.from({ length: 20 }, (_, index) => `${index}`.padEnd(50, "x"));
    const longest = await newEntry(key, { content: "x".repeat(10_000), duration_seconds: 604_800, tags });
    expect(longest).toMatchObject({ duration_seconds: 604_800, tags });
    expect(longest.content).toHaveLength(10_000);
    expect((await newEntry(key, { content: "x", duration_seconds: 1 })).duration_seconds).toBe(1);
  });
});

describe("validation", () => {
  let key: string;

  beforeAll(async () => {
    ({ key } = await newAccount(server));
  });

  const createCases: [unknown, string, string][] = [
    [{}, "/content", "Missing field: content"],
    [{ content: "" }, "/content", "String length is smaller than minLength"],
    [{ content: "x".repeat(10_001) }, "/content", "String length is larger than maxLength"],
    [{ content: "🚀".repeat(10_001) }, "/content", "String length is larger than maxLength"],
    [{ content: 5 }, "/content", "Invalid value"],
    [{ content: null }, "/content", "Invalid value"],
    [{ content: "x", duration_seconds: 0 }, "/duration_seconds", "Value must be greater than 0"],
    [{ content: "x", duration_seconds: -5 }, "/duration_seconds", "Value must be greater than 0"],
    [{ content: "x", duration_seconds: 604_801 }, "/duration_seconds", "Value must be less than 604801"],
    [{ content: "x", duration_seconds: 1e20 }, "/duration_seconds", "Value must be less than 604801"],
    [{ content: "x", duration_seconds: 1.5 }, "/duration_seconds", "Invalid value"],
    [{ content: "x", duration_seconds: "60" }, "/duration_seconds", "Invalid value"],
    [{ content: "x", tags: Array.from({ length: 21 }, (_, index) => `t${index}`) }, "/tags", "Invalid value"],
    [{ content: "x", tags: "a,b" }, "/tags", "Invalid value"],
    [{ content: "x", tags: null }, "/tags", "Invalid value"],
    [{ content: "x", tags: ["a", "b", "c", "has space"] }, "/tags/3", "Invalid value"],
    [{ content: "x", tags: ["a,b"] }, "/tags/0", "Invalid value"],
    [{ content: "x", tags: ["tab\there"] }, "/tags/0", "Invalid value"],
    [{ content: "x", tags: ["ok", ""] }, "/tags/1", "String length is smaller than minLength"],
    [{ content: "x", tags: ["   "] }, "/tags/0", "String length is smaller than minLength"],
    [{ content: "x", tags: ["x".repeat(51)] }, "/tags/0", "String length is larger than maxLength"],
    [{ content: "x", tags: [3] }, "/tags/0", "Invalid value"],
    [{ content: "x", recorded_at: "yesterday" }, "/recorded_at", "Invalid value"],
    [{ content: "x", recorded_at: "2026-01-02" }, "/recorded_at", "Invalid value"],
    [{ content: "x", recorded_at: "2026-02-30T10:00:00Z" }, "/recorded_at", "Invalid value"],
    [{ content: "x", recorded_at: 1767225600 }, "/recorded_at", "Invalid value"],
    [{ content: "x", recorded_at: null }, "/recorded_at", "Invalid value"],
    [{ content: "x", project_id: "not-a-uuid" }, "/project_id", "Invalid value"],
    [{ content: "x", project_id: "01a20117-2c44-73d4-bcc0-1dc6adc56f6f" }, "/project_id", "Invalid value"],
  ];

  it.each(createCases)("refuses the create body %j at %s: %s", async (body, pointer, detail) => {
    expect(await json(createEntry(key, body, { invalid: true }), 422)).toEqual({ errors: [{ title: "Invalid value", detail, source: { pointer } }] });
  });

  it("reports every field at once, and validates updates the same way", async () => {
    expect(await json(createEntry(key, { content: "", duration_seconds: 0, tags: ["a b"] }, { invalid: true }), 422)).toEqual({
      errors: [
        { title: "Invalid value", detail: "String length is smaller than minLength", source: { pointer: "/content" } },
        { title: "Invalid value", detail: "Value must be greater than 0", source: { pointer: "/duration_seconds" } },
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/tags/0" } },
      ],
    });

    const entry = await newEntry(key, {});
    const updateCases: [unknown, string, string][] = [
      [{ content: "" }, "/content", "String length is smaller than minLength"],
      [{ content: null }, "/content", "Invalid value"],
      [{ recorded_at: "soon" }, "/recorded_at", "Invalid value"],
      [{ duration_seconds: 604_801 }, "/duration_seconds", "Value must be less than 604801"],
      [{ tags: ["ok", "not,ok"] }, "/tags/1", "Invalid value"],
      [{ project_id: "01a20117-2c44-73d4-bcc0-1dc6adc56f6f" }, "/project_id", "Invalid value"],
    ];
    for (const [body, pointer, detail] of updateCases) {
      const response = await server.request(entry.url, { key, method: "PUT", body, invalid: true });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json()).toEqual({ errors: [{ title: "Invalid value", detail, source: { pointer } }] });
    }
    expect(await json(server.request(entry.url, { key }), 200)).toEqual(entry);
  });

  it("of the commit_ids body", async () => {
    const entry = await newEntry(key, {});
    const cases: [unknown, string, string][] = [
      [{}, "/commit_ids", "Missing field: commit_ids"],
      [{ commit_ids: [] }, "/commit_ids", "Invalid value"],
      [{ commit_ids: "01a20117-2c44-73d4-bcc0-1dc6adc56f6f" }, "/commit_ids", "Invalid value"],
      [{ commit_ids: Array.from({ length: 1001 }, () => "01a20117-2c44-73d4-bcc0-1dc6adc56f6f") }, "/commit_ids", "Invalid value"],
      [{ commit_ids: ["nope"] }, "/commit_ids/0", "Invalid value"],
      [{ commit_ids: [42] }, "/commit_ids/0", "Invalid value"],
      [{ commit_ids: ["01a20117-2c44-73d4-bcc0-1dc6adc56f6f"] }, "/commit_ids/0", "Invalid value"],
    ];
    for (const [body, pointer, detail] of cases) {
      const response = await server.request(`${entry.url}/commits`, { key, method: "POST", body, invalid: true });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json()).toEqual({ errors: [{ title: "Invalid value", detail, source: { pointer } }] });
    }
  });
});

describe("access", () => {
  it("needs credentials and the worklog scopes", async () => {
    const { email, key } = await newAccount(server);
    const entry = await newEntry(key, {});
    const projectKey = await server.createKey(email, ["project:*"]);
    const readKey = await server.createKey(email, ["worklog:read"]);

    const anonymous = await server.request(entriesPath);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: { message: "Missing API key. Please provide a valid API key as a Basic token.", type: "authentication_error" },
    });
    expect((await server.request(entry.url, { method: "DELETE" })).status).toBe(401);

    expect(await json(server.request(entriesPath, { key: projectKey }), 403)).toEqual({
      error: { message: "Insufficient scope for this API key. Required: worklog:read. Available: project:*", type: "authorization_error" },
      details: { required_scope: "worklog:read", granted_scopes: ["project:*"] },
    });
    expect((await server.request(entry.url, { key: projectKey })).status).toBe(403);

    expect((await server.request(entriesPath, { key: readKey })).status).toBe(200);
    expect(await json(server.request(entry.url, { key: readKey }), 200)).toEqual(entry);
    const writes: [string, string, unknown][] = [
      [entriesPath, "POST", { content: "x" }],
      [entry.url, "PUT", { content: "x" }],
      [entry.url, "DELETE", undefined],
      [`${entry.url}/commits`, "POST", { commit_ids: [entry.id] }],
    ];
    for (const [path, method, body] of writes) {
      const response = await json<{ details: unknown }>(server.request(path, { key: readKey, method, body }), 403);
      expect(response.details, `${method} ${path}`).toEqual({ required_scope: "worklog:write", granted_scopes: ["worklog:read"] });
    }
    expect(await json(server.request(entry.url, { key }), 200)).toEqual(entry);
  });

  it("keeps accounts apart: another account's entry is not found, its project and commits are invalid values", async () => {
    const mine = await newAccount(server);
    const other = await newAccount(server);
    const entry = await newEntry(mine.key, {});
    const otherProject = await newProject(other.key, "Theirs");
    const { commitIds: otherCommits } = await newCommits(other.key, "theirs", 1);

    const attempts: [string, string, unknown][] = [
      [entry.url, "GET", undefined],
      [entry.url, "PUT", { content: "taken over" }],
      [entry.url, "DELETE", undefined],
      [`${entry.url}/commits`, "POST", { commit_ids: otherCommits }],
    ];
    for (const [path, method, body] of attempts) {
      expect(await json(server.request(path, { key: other.key, method, body }), 404), `${method} ${path}`).toEqual(notFoundBody);
    }
    expect((await listIds(other.key, "")).ids).toEqual([]);
    expect(await json(server.request(entry.url, { key: mine.key }), 200)).toEqual(entry);

    const invalidProject = { errors: [{ title: "Invalid value", detail: "Invalid value", source: { pointer: "/project_id" } }] };
    expect(await json(createEntry(mine.key, { content: "x", project_id: otherProject.id }), 422)).toEqual(invalidProject);
    expect(await json(server.request(entry.url, { key: mine.key, method: "PUT", body: { project_id: otherProject.id } }), 422)).toEqual(invalidProject);

    expect(await json(attach(mine.key, entry, otherCommits), 422)).toEqual({
      errors: [{ title: "Invalid value", detail: "Invalid value", source: { pointer: "/commit_ids/0" } }],
    });
    expect((await json<Entry>(server.request(entry.url, { key: mine.key }), 200)).commit_ids).toEqual([]);

    for (const path of [`${entriesPath}/not-a-uuid`, `${entriesPath}/not-a-uuid/commits`]) {
      expect(await json(server.request(path, { key: mine.key, method: path.endsWith("commits") ? "POST" : "GET", invalid: true }), 404)).toEqual(notFoundBody);
    }
  });
});

describe("commits of an entry", () => {
  it("attach idempotently, show in commit_ids, and go when their repository is deleted", async () => {
    const { key } = await newAccount(server);
    const other = await newAccount(server);
    const entry = await newEntry(key, {});
    const kept = await newCommits(key, "kept", 2);
    const dropped = await newCommits(key, "dropped", 1);
    const [first, second] = kept.commitIds as [string, string];
    const [third] = dropped.commitIds as [string];
    const { commitIds: otherCommits } = await newCommits(other.key, "theirs", 1);

    const attached = await json<Entry>(attach(key, entry, [second, first]), 200);
    expect(attached).toEqual({ ...entry, commit_ids: [first, second].sort(), updated_at: expect.stringMatching(/Z$/) });
    expect(Date.parse(attached.updated_at)).toBeGreaterThan(Date.parse(entry.updated_at));
    // Attaching the same commits again changes nothing, not even updated_at.
    expect(await json<Entry>(attach(key, entry, [first, second, first]), 200)).toEqual(attached);
    expect((await json<Entry>(attach(key, entry, [third.toUpperCase()]), 200)).commit_ids).toEqual([first, second, third].sort());

    expect(await json(attach(key, entry, [first, otherCommits[0], "01a20117-2c44-73d4-bcc0-1dc6adc56f6f", second]), 422)).toEqual({
      errors: [
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/commit_ids/1" } },
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/commit_ids/2" } },
      ],
    });

    const listed = await json<{ entries: Entry[] }>(server.request(entriesPath, { key }), 200);
    expect(listed.entries.map((item) => item.commit_ids)).toEqual([[first, second, third].sort()]);

    await json(server.request(`/api/v1/repositories/${dropped.repositoryId}`, { key, method: "DELETE" }), 200);
    expect((await json<Entry>(server.request(entry.url, { key }), 200)).commit_ids).toEqual([first, second].sort());

    const deleted = await json<Entry>(server.request(entry.url, { key, method: "DELETE" }), 200);
    expect(deleted.commit_ids).toEqual([first, second].sort());
    expect(await json(server.request(entry.url, { key }), 404)).toEqual(notFoundBody);
  });
});

describe("list filters", () => {
  let key: string;
  let website: { id: string };
  let mobile: { id: string };
  const ids: Record<"newYear" | "lateNight" | "third" | "lastMilli", string> = { newYear: "", lateNight: "", third: "", lastMilli: "" };

  beforeAll(async () => {
    ({ key } = await newAccount(server));
    website = await newProject(key, "Website");
    mobile = await newProject(key, "Mobile");
    ids.newYear = (await newEntry(key, { recorded_at: "2026-01-01T12:00:00Z", project_id: website.id, tags: ["alpha"] })).id;
    ids.lateNight = (await newEntry(key, { recorded_at: "2026-01-02T07:30:00Z", project_id: mobile.id, tags: ["beta"] })).id;
    ids.third = (await newEntry(key, { recorded_at: "2026-01-03T00:00:00Z", tags: ["alpha", "gamma"] })).id;
    ids.lastMilli = (await newEntry(key, { recorded_at: "2026-01-04T23:59:59.999Z", project_id: website.id })).id;
  });

  it("filter by project_id, and by tags matching any of them", async () => {
    const { newYear, lateNight, third, lastMilli } = ids;
    const cases: [string, string[]][] = [
      ["", [lastMilli, third, lateNight, newYear]],
      [`project_id=${website.id}`, [lastMilli, newYear]],
      [`project_id=${mobile.id.toUpperCase()}`, [lateNight]],
      ["project_id=01a20117-2c44-73d4-bcc0-1dc6adc56f6f", []],
      ["tags=alpha", [third, newYear]],
      ["tags=beta,gamma", [third, lateNight]],
      ["tags=BETA%20Gamma", [third, lateNight]],
      ["tags=beta+gamma", [third, lateNight]],
      ["tags=,%20beta,,", [lateNight]],
      ["tags=unknown", []],
      ["tags=", [lastMilli, third, lateNight, newYear]],
      [`tags=alpha&project_id=${website.id}`, [newYear]],
    ];
    for (const [query, expected] of cases) {
      expect(await listIds(key, query), query).toEqual({ ids: expected, total: expected.length });
    }
  });

  it("filter by author_id, a user's id or me; another user's id matches nothing", async () => {
    const { newYear, lateNight, third, lastMilli } = ids;
    const all = [lastMilli, third, lateNight, newYear];
    const me = await json<{ id: string }>(server.request("/api/v1/user", { key }));
    const stranger = await json<{ id: string }>(server.request("/api/v1/user", { key: (await newAccount(server)).key }));
    const cases: [string, string[]][] = [
      ["author_id=me", all],
      [`author_id=${me.id}`, all],
      [`author_id=${me.id.toUpperCase()}`, all],
      [`author_id=${stranger.id}`, []],
      [`author_id=me&project_id=${website.id}`, [lastMilli, newYear]],
    ];
    for (const [query, expected] of cases) expect(await listIds(key, query), query).toEqual({ ids: expected, total: expected.length });
    for (const query of ["author_id=you", "author_id=ME", "author_id=12345"]) {
      expect(await json(server.request(`${entriesPath}?${query}`, { key, invalid: true }), 400), query).toEqual({
        error: { message: "author_id must be a UUID or me", type: "invalid_request_error" },
      });
    }
  });

  it("filter by source: an API key's entries are api, and source is read-only", async () => {
    const { newYear, lateNight, third, lastMilli } = ids;
    const ignored = await newEntry(key, { source: "mcp", recorded_at: "2025-12-31T00:00:00Z" });
    expect(ignored.source).toBe("api");
    const all = [lastMilli, third, lateNight, newYear, ignored.id];
    const cases: [string, string[]][] = [
      ["source=api", all],
      ["source=mcp", []],
      ["source=web,%20cli", []],
      ["source=mcp+api", all],
      [`source=api&project_id=${website.id}`, [lastMilli, newYear]],
    ];
    for (const [query, expected] of cases) expect(await listIds(key, query), query).toEqual({ ids: expected, total: expected.length });
    for (const query of ["source=robot", "source=", "source=api,robot"]) {
      const refused = await server.request(`${entriesPath}?${query}`, { key, invalid: true });
      expect(refused.status, query).toBe(400);
      expect((await refused.json()).error.message, query).toMatch(/^source /);
    }
    await json(server.request(ignored.url, { key, method: "DELETE" }), 200);
  });

  it("filter by from and to, as inclusive timestamps or days in the account's time zone", async () => {
    const { newYear, lateNight, third, lastMilli } = ids;
    const utcCases: [string, string[]][] = [
      ["from=2026-01-02", [lastMilli, third, lateNight]],
      ["to=2026-01-02", [lateNight, newYear]],
      ["from=2026-01-02&to=2026-01-03", [third, lateNight]],
      ["from=2026-01-04&to=2026-01-04", [lastMilli]],
      ["from=2026-01-02T07:30:00Z&to=2026-01-03T00:00:00.000Z", [third, lateNight]],
      ["from=2026-01-02T07:30:00.001Z", [lastMilli, third]],
      ["from=2026-01-02T08:30:00%2B01:00&to=2026-01-02T07:30:00Z", [lateNight]],
      ["to=2026-01-02T07:29:59.999999Z", [newYear]],
      ["from=2026-01-05", []],
      ["from=2026-01-03&to=2026-01-02", []],
      [`from=2026-01-02&project_id=${website.id}`, [lastMilli]],
      ["from=2026-01-02&tags=alpha", [third]],
    ];
    for (const [query, expected] of utcCases) {
      expect(await listIds(key, query), query).toEqual({ ids: expected, total: expected.length });
    }

    await json(server.request("/api/v1/user", { key, method: "PUT", body: { timezone: "America/Los_Angeles" } }), 200);
    const pacificCases: [string, string[]][] = [
      // 2026-01-02T07:30:00Z is 23:30 on January 1st in Los Angeles.
      ["to=2026-01-01", [lateNight, newYear]],
      ["from=2026-01-02", [lastMilli, third]],
      ["from=2026-01-02&to=2026-01-02", [third]],
      ["from=2026-01-04", [lastMilli]],
      ["from=2026-01-02T07:30:00Z", [lastMilli, third, lateNight]],
    ];
    for (const [query, expected] of pacificCases) {
      expect(await listIds(key, query), query).toEqual({ ids: expected, total: expected.length });
    }
  });

  it.each([
    ["project_id=nope", "project_id must be a UUID"],
    ["from=yesterday", "from must be a date (YYYY-MM-DD) or an RFC 3339 timestamp"],
    ["from=", "from must be a date (YYYY-MM-DD) or an RFC 3339 timestamp"],
    ["to=2026-13-01", "to must be a date (YYYY-MM-DD) or an RFC 3339 timestamp"],
    ["to=2026-01-02T25:00:00Z", "to must be a date (YYYY-MM-DD) or an RFC 3339 timestamp"],
    ["limit=0&tags=alpha", "limit must be an integer between 1 and 100"],
  ])("refuse %s with 400", async (query, message) => {
    expect(await json(server.request(`${entriesPath}?${query}`, { key, invalid: true }), 400)).toEqual({ error: { message, type: "invalid_request_error" } });
  });

  it("count a filtered or searched list up to 1 000 and say whether the count is exact; the whole list is counted exactly", async () => {
    const { key } = await newAccount(server);
    // 1 005 entries, a third of them tagged, through one import (docs/api.md, "Export and import").
    const document = {
      entries: Array.from({ length: 1005 }, (_, index) => ({
        date: "2026-01-02",
        time: `${String(index % 24).padStart(2, "0")}:00`,
        title: `counted ${index}`,
        body: "",
        tags: index % 3 === 0 ? ["@third"] : [],
        starred: false,
      })),
      tags: {},
    };
    expect((await server.request("/api/v1/import?format=jrnl", { key, method: "POST", body: document })).status).toBe(200);
    const meta = async (query: string) =>
      (
        await json<{ meta: { total_count: number; total_count_exact: boolean; result_count: number; has_more: boolean } }>(
          server.request(`${entriesPath}?${query}`, { key }),
          200,
        )
      ).meta;
    expect(await meta("limit=5")).toMatchObject({ total_count: 1005, total_count_exact: true, result_count: 5, has_more: true });
    expect(await meta("q=counted&limit=5")).toMatchObject({ total_count: 1000, total_count_exact: false, result_count: 5, has_more: true });
    expect(await meta("from=2026-01-01&to=2026-01-03")).toMatchObject({ total_count: 1000, total_count_exact: false });
    expect(await meta("tags=third")).toMatchObject({ total_count: 335, total_count_exact: true });
    expect(await meta("tags=third&q=counted")).toMatchObject({ total_count: 335, total_count_exact: true });
    expect(await meta("tags=nothing")).toMatchObject({ total_count: 0, total_count_exact: true, result_count: 0, has_more: false });
  });

  it("combine with pagination: every matching entry once, in both directions", async () => {
    const walker = await newAccount(server);
    const tagged: string[] = [];
    for (let index = 0; index < 36; index++) {
      const entry = await newEntry(walker.key, { content: `#${index}`, tags: index % 6 === 5 ? ["other"] : ["focus"] });
      if (entry.tags[0] === "focus") tagged.unshift(entry.id);
    }
    expect(tagged).toHaveLength(30);

    const pages: string[][] = [];
    let cursor: string | null = null;
    for (;;) {
      const query: string = `${entriesPath}?tags=focus&limit=10${cursor ? `&starting_after=${cursor}` : ""}`;
      const page = await json<{ entries: Entry[]; meta: { total_count: number; result_count: number; has_more: boolean; end_cursor: string } }>(
        server.request(query, { key: walker.key }),
        200,
      );
      expect(page.meta).toMatchObject({ total_count: 30, result_count: 10, has_more: pages.length < 2 });
      pages.push(page.entries.map((entry) => entry.id));
      cursor = page.meta.end_cursor;
      if (!page.meta.has_more) break;
    }
    expect(pages.flat()).toEqual(tagged);

    const back = await json<{ entries: Entry[]; meta: { has_more: boolean } }>(
      server.request(`${entriesPath}?tags=focus&limit=10&ending_before=${pages[2]![0]}`, { key: walker.key }),
      200,
    );
    expect(back.entries.map((entry) => entry.id)).toEqual(pages[1]);
    expect(back.meta.has_more).toBe(true);
  });
});
