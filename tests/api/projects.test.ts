import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { controlCharacterNames, forgedDayName } from "../support/hostile-names";
import { sharedServer } from "../support/shared-server";
import { newAccount, newKey } from "../support/accounts";

let server: TestServer;
let key: string;
let readOnlyKey: string;
let otherKey: string;

beforeAll(async () => {
  server = await sharedServer();
  const account = await newAccount(server, { scopes: ["project:*"] });
  key = account.key;
  readOnlyKey = await server.createKey(account.email, ["project:read"]);
  otherKey = await newKey(server, { scopes: ["project:*"] });
});

const create = (body: unknown, as = key, { invalid = false } = {}) => server.request("/api/v1/projects", { key: as, method: "POST", body, invalid });

describe("projects", () => {
  it("go through create, get, list, update and delete", async () => {
    const created = await create({ name: "Website Project", description: "The public site" });
    expect(created.status).toBe(201);
    const project = await created.json();
    expect(project).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      url: `/api/v1/projects/${project.id}`,
      name: "Website Project",
      description: "The public site",
      identifier: "WP",
      trackers: [],
      inserted_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(await (await server.request(project.url, { key })).json()).toEqual(project);

    const list = await (await server.request("/api/v1/projects", { key })).json();
    expect(list.projects[0]).toEqual(project);
    expect(list.meta).toMatchObject({ result_count: 1, total_count: 1, limit: 25, has_more: false, start_cursor: project.id, end_cursor: project.id });

    const updated = await server.request(project.url, { key, method: "PUT", body: { name: "Site", identifier: "sit", description: null } });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ name: "Site", identifier: "SIT", description: null });

    const deleted = await server.request(project.url, { key, method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await deleted.json()).name).toBe("Site");
    expect((await server.request(project.url, { key })).status).toBe(404);
  });

  it("derive distinct identifiers from names, and refuse a taken one", async () => {
    const first = await (await create({ name: "Data Pipeline" })).json();
    const second = await (await create({ name: "data pipeline" })).json();
    expect(first.identifier).toBe("DP");
    expect(second.identifier).not.toBe("DP");
    expect(second.identifier).toMatch(/^[A-Z]{1,3}$/);

    const taken = await create({ name: "Other", identifier: "dp" });
    expect(taken.status).toBe(422);
    expect((await taken.json()).errors).toEqual([{ title: "Invalid value", detail: "Duplicate value", source: { pointer: "/identifier" } }]);
  });

  it("validate every field", async () => {
    const cases: [unknown, string, string][] = [
      [{}, "/name", "Missing field: name"],
      [{ name: "" }, "/name", "String length is smaller than minLength"],
      [{ name: "x".repeat(101) }, "/name", "String length is larger than maxLength"],
      [{ name: 1 }, "/name", "Invalid value"],
      [{ name: "ok", description: "x".repeat(2001) }, "/description", "String length is larger than maxLength"],
      [{ name: "ok", identifier: "ABCD" }, "/identifier", "String length is larger than maxLength"],
      [{ name: "ok", identifier: "A1" }, "/identifier", "Invalid value"],
      [{ name: "ok", identifier: "" }, "/identifier", "String length is smaller than minLength"],
    ];
    for (const [body, pointer, detail] of cases) {
      const response = await create(body, key, { invalid: true });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(await response.json()).toEqual({ errors: [{ title: "Invalid value", detail, source: { pointer } }] });
    }
  });

  it("refuse control characters and line separators in names, on create and update", async () => {
    const project = await (await create({ name: "Plain" })).json();
    for (const name of [...controlCharacterNames, forgedDayName]) {
      for (const response of [
        await create({ name }, key, { invalid: true }),
        await server.request(project.url, { key, method: "PUT", body: { name }, invalid: true }),
      ]) {
        expect(response.status, JSON.stringify(name)).toBe(422);
        expect(await response.json()).toEqual({ errors: [{ title: "Invalid value", detail: "Invalid value", source: { pointer: "/name" } }] });
      }
    }
    expect((await (await server.request(project.url, { key })).json()).name).toBe("Plain");
  });

  it("accept names that only look like formulas, and trim line breaks around a name", async () => {
    for (const name of ['=HYPERLINK("http://evil.test","x")', "+1", "-1", "@SUM(A1)", "Ünïcödé 😀"]) {
      const response = await create({ name });
      expect(response.status, name).toBe(201);
      expect((await response.json()).name).toBe(name);
    }
    const trimmed = await create({ name: "\n\t Padded \r\n" });
    expect(trimmed.status).toBe(201);
    expect((await trimmed.json()).name).toBe("Padded");
  });

  it("of another account are not found, and a read-only key cannot write", async () => {
    const mine = await (await create({ name: "Mine" })).json();
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await server.request(mine.url, { key: otherKey, method, body: method === "PUT" ? { name: "x" } : undefined });
      expect(response.status, method).toBe(404);
      expect(await response.json()).toEqual({ error: { message: "Could not find the requested resource", type: "not_found_error" } });
    }
    expect((await server.request("/api/v1/projects", { key: otherKey })).status).toBe(200);
    expect((await create({ name: "No" }, readOnlyKey)).status).toBe(403);
    expect((await server.request(mine.url, { key: readOnlyKey, method: "DELETE" })).status).toBe(403);
    expect((await server.request("/api/v1/projects/not-a-uuid", { key, invalid: true })).status).toBe(404);
    expect((await server.request("/api/v1/projects")).status).toBe(401);
  });
});

describe("pagination", () => {
  it.each([
    ["limit=0", "limit must be an integer between 1 and 100"],
    ["limit=101", "limit must be an integer between 1 and 100"],
    ["limit=abc", "limit must be an integer between 1 and 100"],
    ["limit=2.5", "limit must be an integer between 1 and 100"],
    ["starting_after=nope", "starting_after must be a UUID"],
    ["ending_before=nope", "ending_before must be a UUID"],
    [
      "starting_after=01a20117-2c44-73d4-bcc0-1dc6adc56f6f&ending_before=01a20117-2c44-73d4-bcc0-1dc6adc56f6f",
      "starting_after and ending_before cannot be used together",
    ],
  ])("refuses %s with 400", async (query, message) => {
    const response = await server.request(`/api/v1/projects?${query}`, { key, invalid: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message, type: "invalid_request_error" } });
  });

  it("walks forward and back over every item exactly once, while items come and go", async () => {
    const walker = await newKey(server, { scopes: ["project:*"] });
    const ids: string[] = [];
    for (let i = 0; i < 237; i++) ids.push((await (await create({ name: `P${i}`, identifier: undefined }, walker)).json()).id);
    const newestFirst = [...ids].reverse();

    const first = await (await server.request("/api/v1/projects?limit=1", { key: walker })).json();
    expect(first.meta).toMatchObject({ result_count: 1, total_count: 237, limit: 1, has_more: true });
    expect((await (await server.request("/api/v1/projects?limit=100", { key: walker })).json()).projects).toHaveLength(100);
    expect((await (await server.request("/api/v1/projects", { key: walker })).json()).meta.limit).toBe(25);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let extra: string | undefined;
    for (;;) {
      const query: string = cursor ? `?limit=50&starting_after=${cursor}` : "?limit=50";
      const page = await (await server.request(`/api/v1/projects${query}`, { key: walker })).json();
      seen.push(...page.projects.map((project: { id: string }) => project.id));
      cursor = page.meta.end_cursor;
      pages++;
      if (pages === 2) {
        // A new item lands before the cursor and must not appear; a deleted one must not break the walk.
        extra = (await (await create({ name: "Late" }, walker)).json()).id;
        await server.request(`/api/v1/projects/${cursor}`, { key: walker, method: "DELETE" });
      }
      if (!page.meta.has_more) break;
    }
    const deleted = newestFirst[99]!;
    expect(seen).toEqual(newestFirst);
    expect(seen).not.toContain(extra);
    expect(pages).toBe(5);

    const past = await (await server.request(`/api/v1/projects?starting_after=${newestFirst.at(-1)}`, { key: walker })).json();
    expect(past.projects).toEqual([]);
    expect(past.meta).toMatchObject({ result_count: 0, start_cursor: null, end_cursor: null, has_more: false });

    const back: string[] = [];
    let before: string | null = newestFirst.at(-1)!;
    for (;;) {
      const page = await (await server.request(`/api/v1/projects?limit=40&ending_before=${before}`, { key: walker })).json();
      back.unshift(...page.projects.map((project: { id: string }) => project.id));
      before = page.meta.start_cursor;
      if (!page.meta.has_more) break;
    }
    expect(back).toEqual([extra, ...newestFirst.filter((id) => id !== deleted).slice(0, -1)]);
  });
});
