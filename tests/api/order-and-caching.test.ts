import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newAccount } from "../support/accounts";

// docs/api.md, "Pagination" and "Conditional reads": lists in the order of the work, cursors that
// outlive their items, exact totals, ETags, and the standard rate-limit headers.

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer();
});

const entriesPath = "/api/v1/worklog/entries";

type Entry = { id: string; url: string; content: string; recorded_at: string };
type Page = {
  entries: Entry[];
  meta: { total_count: number; result_count: number; has_more: boolean; start_cursor: string | null; end_cursor: string | null };
};

const post = <T>(key: string, path: string, body: unknown) => json<T>(server.request(path, { key, method: "POST", body }), 201);
const newEntry = (key: string, content: string, recordedAt?: string) => post<Entry>(key, entriesPath, { content, recorded_at: recordedAt });
const remove = (key: string, path: string) => json(server.request(path, { key, method: "DELETE" }), 200);
const page = (key: string, query: string) => json<Page>(server.request(`${entriesPath}?${query}`, { key }), 200);
/** Day n of November 2026, at noon UTC. */
const november = (n: number) => `2026-11-${String(n).padStart(2, "0")}T12:00:00.000Z`;

describe("entries in the order of the work", () => {
  it("a backdated entry sorts by recorded_at, among its day's, not at the top", async () => {
    const { key } = await newAccount(server);
    const today = await newEntry(key, "today");
    const lastWeek = await newEntry(key, "last week", november(16));
    const twoDaysAgo = await newEntry(key, "two days ago", november(21));
    const lastWeekLater = await newEntry(key, "last week, an hour later", "2026-11-16T13:00:00.000Z");
    const { entries } = await page(key, "");
    expect(entries.map((entry) => entry.content)).toEqual([today, twoDaysAgo, lastWeekLater, lastWeek].map((entry) => entry.content));
  });

  it("three pages walked both ways return every entry once, in order, while entries come and go between pages", async () => {
    const { key } = await newAccount(server);
    const stable: Entry[] = [];
    for (let day = 30; day >= 1; day--) stable.push(await newEntry(key, `day ${day}`, november(day)));

    // Forwards: between pages, a newer entry arrives (ahead of the walk) and the cursor's own entry is deleted.
    const forward: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 3; pages++) {
      const { entries, meta }: Page = await page(key, `limit=10${cursor ? `&starting_after=${cursor}` : ""}`);
      forward.push(...entries.map((entry) => entry.id));
      expect(meta.has_more).toBe(pages < 2);
      cursor = meta.end_cursor;
      await newEntry(key, `arrived after page ${pages + 1}`);
      if (pages < 2) await remove(key, `${entriesPath}/${cursor}`);
    }
    expect(forward).toEqual(stable.map((entry) => entry.id));

    // Backwards from the oldest: older entries arrive behind the walk, the cursor's entry is deleted.
    const listed = (await page(key, "limit=100")).entries.map((entry) => entry.id);
    const backward: string[][] = [];
    let before: string | null = listed.at(-1)!;
    for (let pages = 0; pages < 3; pages++) {
      const { entries, meta }: Page = await page(key, `limit=10&ending_before=${before}`);
      backward.unshift(entries.map((entry) => entry.id));
      expect(meta.has_more).toBe(pages < 2);
      before = meta.start_cursor;
      await newEntry(key, `older, after page ${pages + 1}`, "2020-01-01T00:00:00.000Z");
      if (pages < 2) await remove(key, `${entriesPath}/${before}`);
    }
    expect(backward.flat()).toEqual(listed.slice(0, -1));
  });

  it("a deleted entry's id is still a cursor; another account's id, or nobody's, is a 400", async () => {
    const { key } = await newAccount(server);
    const stranger = await newAccount(server);
    const [older, middle, newer] = [
      await newEntry(key, "older", november(1)),
      await newEntry(key, "middle", november(2)),
      await newEntry(key, "newer", november(3)),
    ];
    await remove(key, middle.url);
    expect((await page(key, `starting_after=${middle.id}`)).entries.map((entry) => entry.id)).toEqual([older.id]);
    expect((await page(key, `ending_before=${middle.id}`)).entries.map((entry) => entry.id)).toEqual([newer.id]);

    const theirs = await newEntry(stranger.key, "theirs");
    for (const [parameter, id] of [
      ["starting_after", theirs.id],
      ["ending_before", theirs.id],
      ["starting_after", "01a20117-2c44-73d4-bcc0-1dc6adc56f6f"],
    ]) {
      expect(await json(server.request(`${entriesPath}?${parameter}=${id}`, { key }), 400)).toEqual({
        error: { message: `${parameter} names no item of this list: it is not the id of an entry of this account`, type: "invalid_request_error" },
      });
    }
    const project = await post<{ id: string }>(stranger.key, "/api/v1/projects", { name: "Theirs" });
    expect(await json(server.request(`/api/v1/projects?starting_after=${project.id}`, { key }), 400)).toEqual({
      error: { message: "starting_after names no item of this list: it is not the id of a project of this account", type: "invalid_request_error" },
    });
  });

  it("the acc CLI's walk (`logs` with from/to/tags, then starting_after=meta.end_cursor until it is null) still returns every match once, in order", async () => {
    const { key } = await newAccount(server);
    const matching: Entry[] = [];
    for (let day = 1; day <= 12; day++) {
      const entry = await post<Entry>(key, entriesPath, { content: `day ${day}`, recorded_at: november(day), tags: day % 3 === 0 ? ["other"] : ["cli"] });
      if (day >= 2 && day <= 11 && day % 3 !== 0) matching.unshift(entry);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let requests = 0;
    do {
      const { entries, meta }: Page = await page(key, `from=2026-11-02&to=2026-11-11&tags=cli&limit=2${cursor ? `&starting_after=${cursor}` : ""}`);
      expect(meta.total_count).toBe(matching.length);
      seen.push(...entries.map((entry) => entry.id));
      cursor = meta.end_cursor;
      requests++;
    } while (cursor !== null && requests < 20);
    expect(seen).toEqual(matching.map((entry) => entry.id));
    expect(requests).toBe(Math.ceil(matching.length / 2) + 1);
  });

  it("totals stay exact under 50 concurrent creates and deletes", async () => {
    const { key } = await newAccount(server);
    const seeded = await Promise.all(Array.from({ length: 25 }, (_, index) => newEntry(key, `seed ${index}`)));
    await Promise.all([...Array.from({ length: 25 }, (_, index) => newEntry(key, `new ${index}`)), ...seeded.map((entry) => remove(key, entry.url))]);
    const { meta, entries } = await page(key, "limit=100");
    expect(entries).toHaveLength(25);
    expect(meta.total_count).toBe(25);
    expect(entries.every((entry) => entry.content.startsWith("new "))).toBe(true);
  });
});

describe("conditional reads", () => {
  /** Every GET of /api/v1 but the event stream and the public document, with the ids they need. */
  async function reads(key: string) {
    const project = await post<{ id: string }>(key, "/api/v1/projects", { name: "Tagged" });
    const repository = await post<{ id: string }>(key, "/api/v1/repositories", { name: "tagged", project_id: project.id });
    const { commits } = await post<{ commits: { id: string }[] }>(key, `/api/v1/repositories/${repository.id}/commits`, {
      commits: [{ sha: "ab".repeat(20), message: "m", committed_at: november(2) }],
    });
    const entry = await newEntry(key, "tagged");
    return {
      ids: { project: project.id, repository: repository.id, entry: entry.id },
      paths: [
        "/api/v1/user",
        "/api/v1/projects",
        `/api/v1/projects/${project.id}`,
        "/api/v1/repositories",
        `/api/v1/repositories/${repository.id}`,
        `/api/v1/repositories/${repository.id}/commits`,
        `/api/v1/repositories/${repository.id}/commits/${commits[0]!.id}`,
        entriesPath,
        `${entriesPath}?tags=x&limit=5`,
        `${entriesPath}/${entry.id}`,
      ],
    };
  }

  it("every read answers a weak ETag, and 304 with no body to a current If-None-Match", async () => {
    const { key } = await newAccount(server);
    const { paths } = await reads(key);
    const tags = new Set<string>();
    for (const path of paths) {
      const fresh = await server.request(path, { key });
      expect(fresh.status, path).toBe(200);
      const etag = fresh.headers.get("etag")!;
      expect(etag, path).toMatch(/^W\/"[0-9a-f]{32}"$/);
      expect(fresh.headers.get("cache-control"), path).toBe("private, no-cache");
      tags.add(etag);
      const cached = await server.request(path, { key, headers: { "if-none-match": `"other", ${etag}` } });
      expect(cached.status, path).toBe(304);
      expect(await cached.text(), path).toBe("");
      expect(cached.headers.get("etag"), path).toBe(etag);
      expect(cached.headers.get("x-ratelimit-remaining"), path).not.toBeNull();
      const stale = await server.request(path, { key, headers: { "if-none-match": 'W/"0123456789abcdef0123456789abcdef"' } });
      expect(stale.status, path).toBe(200);
    }
    // Each read has its own tag.
    expect(tags.size).toBe(paths.length);
  });

  it("every kind of write changes the tag, through the API; another account's writes do not", async () => {
    const { key } = await newAccount(server);
    const stranger = await newAccount(server);
    const { ids } = await reads(key);
    const tagOf = async (path = entriesPath) => (await server.request(path, { key })).headers.get("etag");
    const writes: [string, () => Promise<unknown>][] = [
      ["an entry created", () => newEntry(key, "new")],
      ["an entry updated", () => json(server.request(`${entriesPath}/${ids.entry}`, { key, method: "PUT", body: { content: "changed" } }), 200)],
      ["a project created", () => post(key, "/api/v1/projects", { name: "Another" })],
      ["a project updated", () => json(server.request(`/api/v1/projects/${ids.project}`, { key, method: "PUT", body: { description: "d" } }), 200)],
      [
        "a repository updated",
        () => json(server.request(`/api/v1/repositories/${ids.repository}`, { key, method: "PUT", body: { default_branch: "main" } }), 200),
      ],
      [
        "commits recorded",
        () => post(key, `/api/v1/repositories/${ids.repository}/commits`, { commits: [{ sha: "cd".repeat(20), message: "m", committed_at: november(3) }] }),
      ],
      ["the account updated", () => json(server.request("/api/v1/user", { key, method: "PUT", body: { timezone: "Europe/Paris" } }), 200)],
      ["an entry deleted", () => remove(key, `${entriesPath}/${ids.entry}`)],
      ["a repository deleted", () => remove(key, `/api/v1/repositories/${ids.repository}`)],
      ["a project deleted", () => remove(key, `/api/v1/projects/${ids.project}`)],
    ];
    for (const [write, run] of writes) {
      const before = await tagOf();
      await newEntry(stranger.key, `stranger's, before ${write}`);
      expect(await tagOf(), `${write}: another account's write`).toBe(before);
      await run();
      expect(await tagOf(), write).not.toBe(before);
    }
  });
});

describe("standard rate-limit headers", () => {
  it("RateLimit-Policy and RateLimit say what x-ratelimit-* say", async () => {
    const { key } = await newAccount(server);
    const response = await server.request("/api/v1/user", { key });
    const limit = response.headers.get("x-ratelimit-limit");
    const remaining = response.headers.get("x-ratelimit-remaining");
    expect(response.headers.get("ratelimit-policy")).toBe(`"default"; q=${limit}; w=60`);
    const standard = /^"default"; r=(\d+); t=(\d+)$/.exec(response.headers.get("ratelimit") ?? "");
    expect(standard?.[1]).toBe(remaining);
    // The seconds left as the server's own clock saw them, by its Date header (whole seconds, hence the 1 s of rounding).
    const secondsLeft = Number(response.headers.get("x-ratelimit-reset")) - Date.parse(response.headers.get("date")!) / 1000;
    expect(Math.abs(Number(standard?.[2]) - secondsLeft)).toBeLessThanOrEqual(1);
  });
});
