import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newAccount, newKey } from "../support/accounts";

let server: TestServer;
let key: string;
let readOnlyKey: string;
let projectOnlyKey: string;
let otherKey: string;
let worklogKey: string;

beforeAll(async () => {
  server = await sharedServer();
  const account = await newAccount(server, { scopes: ["repo:*"] });
  key = account.key;
  readOnlyKey = await server.createKey(account.email, ["repo:read"]);
  projectOnlyKey = await server.createKey(account.email, ["project:*"]);
  worklogKey = await server.createKey(account.email, ["worklog:*"]);
  otherKey = await newKey(server, { scopes: ["repo:*"] });
});

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const notFound = { error: { message: "Could not find the requested resource", type: "not_found_error" } };
const invalid = (pointer: string, detail: string) => ({ errors: [{ title: "Invalid value", detail, source: { pointer } }] });

/** A distinct 40-character sha for each number. */
const sha = (n: number) => n.toString(16).padStart(40, "0");
const commit = (n: number, fields: Record<string, unknown> = {}) => ({
  sha: sha(n),
  message: `Commit ${n}`,
  committed_at: "2025-05-16T12:00:00Z",
  ...fields,
});

let repositories = 0;
async function createRepository(as = key): Promise<{ id: string; url: string }> {
  const response = await server.request("/api/v1/repositories", { key: as, method: "POST", body: { name: `repository-${++repositories}` } });
  expect(response.status).toBe(201);
  return response.json();
}

const commitsOf = (repository: { url: string }) => `${repository.url}/commits`;
const post = (repository: { url: string }, commits: unknown, as = key, { invalid = false } = {}) =>
  server.request(commitsOf(repository), { key: as, method: "POST", body: { commits }, invalid });

async function record(repository: { url: string }, commits: unknown[]) {
  const response = await post(repository, commits);
  expect(response.status).toBe(201);
  return (await response.json()).commits;
}

const uncaptured = (repository: { url: string }, shas: string, as = key) =>
  server.request(`${commitsOf(repository)}?uncaptured=true&shas=${shas}`, { key: as });

describe("commits", () => {
  it("are recorded in the order given and listed newest first", async () => {
    const repository = await createRepository();
    const response = await post(repository, [
      {
        sha: ` ${"AB".repeat(20)} `,
        message: "  Fix the build\n\nLonger explanation.\n",
        committed_at: "2025-05-16T12:00:00.123456789+02:00",
        author_name: "Ada Lovelace",
        author_email: "ada@example.com",
      },
      { sha: "cd".repeat(32), message: "SHA-256 repository", committed_at: "2025-05-17T08:30:00Z" },
    ]);
    expect(response.status).toBe(201);
    const { commits } = await response.json();
    expect(commits).toEqual([
      {
        id: expect.stringMatching(uuid),
        url: `/api/v1/repositories/${repository.id}/commits/${commits[0].id}`,
        repository_id: repository.id,
        sha: "ab".repeat(20),
        message: "Fix the build\n\nLonger explanation.",
        committed_at: "2025-05-16T10:00:00.123Z",
        author_name: "Ada Lovelace",
        author_email: "ada@example.com",
        web_url: null,
        inserted_at: expect.stringMatching(timestamp),
        updated_at: expect.stringMatching(timestamp),
      },
      {
        id: expect.stringMatching(uuid),
        url: `/api/v1/repositories/${repository.id}/commits/${commits[1].id}`,
        repository_id: repository.id,
        sha: "cd".repeat(32),
        message: "SHA-256 repository",
        committed_at: "2025-05-17T08:30:00.000Z",
        author_name: null,
        author_email: null,
        web_url: null,
        inserted_at: expect.stringMatching(timestamp),
        updated_at: expect.stringMatching(timestamp),
      },
    ]);

    const list = await server.request(commitsOf(repository), { key });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({
      commits: [commits[1], commits[0]],
      meta: { result_count: 2, total_count: 2, total_count_exact: true, start_cursor: commits[1].id, end_cursor: commits[0].id, limit: 25, has_more: false },
    });
  });

  it("are stored once, however often they are posted", async () => {
    const repository = await createRepository();
    const [first, second] = await record(repository, [commit(1), commit(2)]);

    const again = await record(repository, [commit(2), commit(3), commit(1, { message: "Rewritten", sha: sha(1).toUpperCase() })]);
    expect(again[0]).toEqual(second);
    expect(again[2]).toEqual(first);
    expect(again[1]).toMatchObject({ sha: sha(3), message: "Commit 3" });

    const repeated = await record(repository, [commit(4), commit(4, { sha: sha(4).toUpperCase() }), commit(4)]);
    expect(repeated).toHaveLength(3);
    expect(repeated[1]).toEqual(repeated[0]);
    expect(repeated[2]).toEqual(repeated[0]);

    const list = await (await server.request(commitsOf(repository), { key })).json();
    expect(list.commits.map((stored: { sha: string }) => stored.sha)).toEqual([sha(4), sha(3), sha(2), sha(1)]);
    expect(list.meta.total_count).toBe(4);
  });

  it("are kept apart per repository", async () => {
    const one = await createRepository();
    const two = await createRepository();
    const [inOne] = await record(one, [commit(7)]);
    const [inTwo] = await record(two, [commit(7)]);
    expect(inTwo.id).not.toBe(inOne.id);
    expect(inTwo.repository_id).toBe(two.id);
    expect((await (await server.request(commitsOf(one), { key })).json()).commits).toEqual([inOne]);
  });

  it("tell which of the given shas are not stored yet", async () => {
    const repository = await createRepository();
    await record(repository, [commit(1), commit(2), commit(3, { sha: "ef".repeat(32) })]);
    const shas = [sha(1).toUpperCase(), sha(10), sha(2), "EF".repeat(32), sha(11).replace("b", "B"), sha(10).toUpperCase()];
    const response = await uncaptured(repository, shas.join(","));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ uncaptured_shas: [sha(10), sha(11).replace("b", "B")] });

    expect(await (await uncaptured(repository, "")).json()).toEqual({ uncaptured_shas: [] });
    const fresh = await createRepository();
    expect(await (await uncaptured(fresh, `${sha(1)},${sha(2)}`)).json()).toEqual({ uncaptured_shas: [sha(1), sha(2)] });

    const allowed = Array.from({ length: 1000 }, (_, n) => sha(n + 100));
    expect((await (await uncaptured(fresh, allowed.join(","))).json()).uncaptured_shas).toEqual(allowed);
  });

  it.each([
    ["without shas", "uncaptured=true", "shas is required when uncaptured is true"],
    ["with uncaptured not a boolean", "uncaptured=yes&shas=", "uncaptured must be true or false"],
    ["with an abbreviated sha", `uncaptured=true&shas=${sha(1)},abc123`, "shas must be 40 or 64 hexadecimal characters each"],
    // The count is checked before the format, so short items keep the URL under Node's header size limit.
    ["with 1001 shas", `uncaptured=true&shas=${Array(1001).fill("a").join(",")}`, "shas must list at most 1000 shas"],
  ])("refuse the uncaptured query %s with 400", async (_, query, message) => {
    const repository = await createRepository();
    const response = await server.request(`${commitsOf(repository)}?${query}`, { key, invalid: true });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message, type: "invalid_request_error" } });
  });

  it("validate every field, and store nothing from an invalid batch", async () => {
    const repository = await createRepository();
    const cases: [unknown, string, string][] = [
      [{}, "/commits", "Missing field: commits"],
      [{ commits: [] }, "/commits", "Invalid value"],
      [{ commits: Array.from({ length: 1001 }, (_, n) => commit(n)) }, "/commits", "Invalid value"],
      [{ commits: "abc" }, "/commits", "Invalid value"],
      [{ commits: ["abc"] }, "/commits/0", "Invalid value"],
      [{ commits: [{ message: "m", committed_at: "2025-05-16T12:00:00Z" }] }, "/commits/0/sha", "Missing field: sha"],
      [{ commits: [commit(1, { sha: "xyz" })] }, "/commits/0/sha", "Invalid value"],
      [{ commits: [commit(1, { sha: "a".repeat(39) })] }, "/commits/0/sha", "Invalid value"],
      [{ commits: [commit(1, { sha: "a".repeat(41) })] }, "/commits/0/sha", "Invalid value"],
      [{ commits: [commit(1, { sha: "g".repeat(40) })] }, "/commits/0/sha", "Invalid value"],
      [{ commits: [commit(1, { sha: 42 })] }, "/commits/0/sha", "Invalid value"],
      [{ commits: [commit(1), commit(2, { message: undefined })] }, "/commits/1/message", "Missing field: message"],
      [{ commits: [commit(1, { message: "" })] }, "/commits/0/message", "String length is smaller than minLength"],
      [{ commits: [commit(1, { message: " \n " })] }, "/commits/0/message", "String length is smaller than minLength"],
      [{ commits: [commit(1, { message: "x".repeat(20001) })] }, "/commits/0/message", "String length is larger than maxLength"],
      [{ commits: [commit(1, { committed_at: undefined })] }, "/commits/0/committed_at", "Missing field: committed_at"],
      [{ commits: [commit(1, { committed_at: "yesterday" })] }, "/commits/0/committed_at", "Invalid value"],
      [{ commits: [commit(1, { committed_at: "2025-02-30T12:00:00Z" })] }, "/commits/0/committed_at", "Invalid value"],
      [{ commits: [commit(1, { committed_at: "2025-05-16T12:00:00" })] }, "/commits/0/committed_at", "Invalid value"],
      [{ commits: [commit(1, { committed_at: 1747396800 })] }, "/commits/0/committed_at", "Invalid value"],
      [{ commits: [commit(1, { author_name: "x".repeat(256) })] }, "/commits/0/author_name", "String length is larger than maxLength"],
      [{ commits: [commit(1, { author_name: "😀".repeat(256) })] }, "/commits/0/author_name", "String length is larger than maxLength"],
      [{ commits: [commit(1, { author_email: "x".repeat(256) })] }, "/commits/0/author_email", "String length is larger than maxLength"],
      [{ commits: [commit(1, { author_email: 1 })] }, "/commits/0/author_email", "Invalid value"],
    ];
    for (const [body, pointer, detail] of cases) {
      const response = await server.request(commitsOf(repository), { key, method: "POST", body, invalid: true });
      expect(response.status, JSON.stringify(body).slice(0, 200)).toBe(422);
      expect(await response.json(), JSON.stringify(body).slice(0, 200)).toEqual(invalid(pointer, detail));
    }

    const several = await post(repository, [commit(1, { sha: "nope" }), commit(2), commit(3, { committed_at: "soon", message: "" })], key, { invalid: true });
    expect(await several.json()).toEqual({
      errors: [
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/commits/0/sha" } },
        { title: "Invalid value", detail: "String length is smaller than minLength", source: { pointer: "/commits/2/message" } },
        { title: "Invalid value", detail: "Invalid value", source: { pointer: "/commits/2/committed_at" } },
      ],
    });
    expect((await (await server.request(commitsOf(repository), { key })).json()).meta.total_count).toBe(0);

    const longest = { message: "m".repeat(20000), author_name: "😀".repeat(255), author_email: "e".repeat(255) };
    const [stored] = await record(repository, [commit(5, longest)]);
    expect(stored).toMatchObject(longest);
  });

  it("accept 1000 in one request and walk through them page by page", async () => {
    const repository = await createRepository();
    const batch = Array.from({ length: 1000 }, (_, n) => commit(n + 1));
    const stored = await record(repository, batch);
    expect(stored.map((row: { sha: string }) => row.sha)).toEqual(batch.map((row) => row.sha));
    const newestFirst = stored.map((row: { id: string }) => row.id).reverse();

    const walk = await createRepository();
    const sixty: { id: string }[] = await record(
      walk,
      Array.from({ length: 60 }, (_, n) => commit(n + 1)),
    );
    const expected = sixty.map((row) => row.id).reverse();
    const seen: string[] = [];
    const pages: unknown[] = [];
    let cursor: string | null = null;
    for (;;) {
      const query: string = cursor ? `?starting_after=${cursor}` : "";
      const page = await (await server.request(`${commitsOf(walk)}${query}`, { key })).json();
      seen.push(...page.commits.map((row: { id: string }) => row.id));
      pages.push({ count: page.meta.result_count, total: page.meta.total_count, more: page.meta.has_more });
      cursor = page.meta.end_cursor;
      if (!page.meta.has_more) break;
    }
    expect(seen).toEqual(expected);
    expect(pages).toEqual([
      { count: 25, total: 60, more: true },
      { count: 25, total: 60, more: true },
      { count: 10, total: 60, more: false },
    ]);

    const biggest = await (await server.request(`${commitsOf(repository)}?limit=100`, { key })).json();
    expect(biggest.commits.map((row: { id: string }) => row.id)).toEqual(newestFirst.slice(0, 100));
    expect(biggest.meta.total_count).toBe(1000);
    const bad = await server.request(`${commitsOf(walk)}?limit=0`, { key, invalid: true });
    expect(await bad.json()).toEqual({ error: { message: "limit must be an integer between 1 and 100", type: "invalid_request_error" } });
  });

  it("go with their repository", async () => {
    const repository = await createRepository();
    await record(repository, [commit(1), commit(2)]);
    expect((await server.request(repository.url, { key, method: "DELETE" })).status).toBe(200);
    for (const response of [await server.request(commitsOf(repository), { key }), await uncaptured(repository, sha(1)), await post(repository, [commit(3)])]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
  });

  it("of another account's repository are not found", async () => {
    const repository = await createRepository();
    await record(repository, [commit(1)]);
    for (const response of [
      await server.request(commitsOf(repository), { key: otherKey }),
      await uncaptured(repository, sha(1), otherKey),
      await post(repository, [commit(2)], otherKey),
    ]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
    expect((await (await server.request(commitsOf(repository), { key })).json()).meta.total_count).toBe(1);

    for (const method of ["GET", "POST"]) {
      const response = await server.request("/api/v1/repositories/not-a-uuid/commits", {
        key,
        method,
        body: method === "POST" ? { commits: [commit(1)] } : undefined,
        invalid: true,
      });
      expect(response.status, method).toBe(404);
    }
    const missing = await server.request("/api/v1/repositories/01950000-0000-7000-8000-000000000000/commits", { key });
    expect(missing.status).toBe(404);
  });

  it("need an API key with the repo scopes", async () => {
    const repository = await createRepository();
    expect((await server.request(commitsOf(repository))).status).toBe(401);
    expect((await server.request(commitsOf(repository), { method: "POST", body: { commits: [commit(1)] } })).status).toBe(401);

    const wrongResource = await server.request(commitsOf(repository), { key: projectOnlyKey });
    expect(wrongResource.status).toBe(403);
    expect(await wrongResource.json()).toEqual({
      error: { message: "Insufficient scope for this API key. Required: repo:read. Available: project:*", type: "authorization_error" },
      details: { required_scope: "repo:read", granted_scopes: ["project:*"] },
    });
    expect((await uncaptured(repository, sha(1), projectOnlyKey)).status).toBe(403);

    const readOnlyWrite = await post(repository, [commit(1)], readOnlyKey);
    expect(readOnlyWrite.status).toBe(403);
    expect((await readOnlyWrite.json()).details).toEqual({ required_scope: "repo:write", granted_scopes: ["repo:read"] });
    expect((await server.request(commitsOf(repository), { key: readOnlyKey })).status).toBe(200);
    expect(await (await uncaptured(repository, sha(1), readOnlyKey)).json()).toEqual({ uncaptured_shas: [sha(1)] });
  });
});

describe("one commit, at its url", () => {
  const entry = async (content: string, recorded_at: string, commit_ids: string[]) => {
    const created = await (await server.request("/api/v1/worklog/entries", { key: worklogKey, method: "POST", body: { content, recorded_at } })).json();
    const attached = await server.request(`${created.url}/commits`, { key: worklogKey, method: "POST", body: { commit_ids } });
    expect(attached.status).toBe(200);
    return created.id as string;
  };

  it("is served to its owner with the entries it is attached to, the most recent work first", async () => {
    const repository = await createRepository();
    const [attached, alone] = await record(repository, [commit(1), commit(2)]);
    const older = await entry("Started the parser", "2026-11-20T09:00:00Z", [attached.id]);
    const newer = await entry("Finished the parser", "2026-11-21T09:00:00Z", [attached.id]);

    const response = await server.request(attached.url, { key: readOnlyKey });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...attached, entry_ids: [newer, older] });
    expect(await (await server.request(alone.url, { key })).json()).toEqual({ ...alone, entry_ids: [] });
  });

  it("is not found through another repository, another account, a deleted repository or an id that is no UUID", async () => {
    const repository = await createRepository();
    const other = await createRepository();
    const [stored] = await record(repository, [commit(1)]);
    const notFoundAt = async (url: string, as = key, { invalid = false } = {}) => {
      const response = await server.request(url, { key: as, invalid });
      expect(response.status, url).toBe(404);
      expect(await response.json()).toEqual(notFound);
    };
    await notFoundAt(`${commitsOf(other)}/${stored.id}`);
    await notFoundAt(stored.url, otherKey);
    await notFoundAt(`${commitsOf(repository)}/not-a-uuid`, key, { invalid: true });
    await notFoundAt(`${commitsOf(repository)}/01950000-0000-7000-8000-000000000000`);
    expect((await server.request(repository.url, { key, method: "DELETE" })).status).toBe(200);
    await notFoundAt(stored.url);
  });

  it("needs repo:read, and answers only GET (and HEAD, OPTIONS)", async () => {
    const repository = await createRepository();
    const [stored] = await record(repository, [commit(1)]);
    expect((await server.request(stored.url)).status).toBe(401);
    const forbidden = await server.request(stored.url, { key: projectOnlyKey });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).details).toEqual({ required_scope: "repo:read", granted_scopes: ["project:*"] });
    const deleted = await server.request(stored.url, { key, method: "DELETE", invalid: true });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});
