import { beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newAccount } from "../support/accounts";

// Idempotency-Key on every POST of /api/v1 (docs/api.md, "Idempotency-Key"). That a 5xx is not
// kept is held by tests/db/sync-and-idempotency.test.ts: no request over HTTP gets a 5xx while
// the database still answers the statements that keep or free the key.

let server: TestServer;
const onPostgres = process.env.WORKLOG_TEST_DATABASE === "postgres";

beforeAll(async () => {
  server = await sharedServer();
});

const entriesPath = "/api/v1/worklog/entries";

const entryScopes = ["worklog:*", "project:*", "repo:*"];

const post = (key: string, idempotencyKey: string | undefined, body: unknown, path = entriesPath, { invalid = false } = {}) =>
  server.request(path, { key, method: "POST", body, headers: idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey }, invalid });

async function entryCount(key: string): Promise<number> {
  const response = await server.request(entriesPath, { key });
  return (await response.json()).meta.total_count;
}

describe("Idempotency-Key", () => {
  it("runs 20 concurrent identical POSTs once: the others get the first answer replayed, or a 409 while it runs", async () => {
    const { key } = await newAccount(server, { scopes: entryScopes });
    const body = { content: "Deployed once", tags: ["ops"] };
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(key, "deploy-1", body)));
    const answers = await Promise.all(responses.map(async (response) => ({ status: response.status, headers: response.headers, text: await response.text() })));
    expect(await entryCount(key)).toBe(1);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(created.filter((answer) => answer.headers.get("idempotent-replayed") !== "true")).toHaveLength(1);
    expect(new Set(created.map((answer) => answer.text)).size).toBe(1);
    for (const answer of answers.filter((answer) => answer.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(JSON.parse(answer.text)).toEqual({
        error: { message: "A request with this Idempotency-Key is still running; retry once it has answered", type: "idempotency_error" },
      });
    }
  });

  it("replays the first answer with idempotent-replayed: true and the same body, changing nothing", async () => {
    const { key } = await newAccount(server, { scopes: entryScopes });
    const body = { content: "Once", recorded_at: "2026-11-20T09:00:00Z" };
    const first = await post(key, "k-1", body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstText = await first.text();
    const again = await post(key, "k-1", body);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get("x-ratelimit-limit")).not.toBeNull();
    expect(await again.text()).toBe(firstText);
    expect(await entryCount(key)).toBe(1);
    // Without a key, or with another key, the same body runs again.
    expect((await post(key, "k-2", body)).status).toBe(201);
    expect((await post(key, undefined, body)).status).toBe(201);
    expect(await entryCount(key)).toBe(3);
  });

  it("answers a 422 for the same key with another body or another path", async () => {
    const { key } = await newAccount(server, { scopes: entryScopes });
    expect((await post(key, "k", { content: "one" })).status).toBe(201);
    const differentRequest = { errors: [{ title: "Invalid value", detail: "Idempotency-Key was used with a different request", source: { pointer: "" } }] };
    // An entry's body sent to the projects: wrong there, but the key is answered first.
    for (const response of [await post(key, "k", { content: "two" }), await post(key, "k", { content: "one" }, "/api/v1/projects", { invalid: true })]) {
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual(differentRequest);
    }
    // The same JSON with other bytes is another request.
    const spaced = await server.request(entriesPath, { key, method: "POST", body: '{"content": "one"}', headers: { "idempotency-key": "k" } });
    expect(spaced.status).toBe(422);
    expect(await entryCount(key)).toBe(1);
  });

  it("keeps keys per account", async () => {
    const [first, second] = [await newAccount(server, { scopes: entryScopes }), await newAccount(server, { scopes: entryScopes })];
    expect((await post(first.key, "shared", { content: "mine" })).status).toBe(201);
    const theirs = await post(second.key, "shared", { content: "theirs" });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(await entryCount(first.key)).toBe(1);
    expect(await entryCount(second.key)).toBe(1);
  });

  it("is a 400 unless it is 1 to 255 printable ASCII characters", async () => {
    const { key } = await newAccount(server, { scopes: entryScopes });
    const invalid = { error: { message: "Idempotency-Key must be 1 to 255 printable ASCII characters", type: "invalid_request_error" } };
    for (const value of ["", "k".repeat(256), "a\tb", "clé"]) {
      const response = await post(key, value, { content: "never" }, entriesPath, { invalid: true });
      expect(response.status, JSON.stringify(value)).toBe(400);
      expect(await response.json()).toEqual(invalid);
    }
    expect(await entryCount(key)).toBe(0);
    expect((await post(key, "k".repeat(255), { content: "255 is fine" })).status).toBe(201);
    expect((await post(key, " ~!", { content: "so are spaces and symbols" })).status).toBe(201);
  });

  it("replays a 4xx first answer, even once the request would succeed", async () => {
    const { key } = await newAccount(server, { scopes: entryScopes });
    const taken = await (await post(key, undefined, { name: "api" }, "/api/v1/repositories")).json();
    const first = await post(key, "late", { name: "api" }, "/api/v1/repositories");
    expect(first.status).toBe(422);
    const firstBody = await first.text();
    // With the name free again, the same request without the key would create the repository.
    await server.request(taken.url, { key, method: "DELETE" });
    const again = await post(key, "late", { name: "api" }, "/api/v1/repositories");
    expect(again.status).toBe(422);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstBody);
    const repositories = await (await server.request("/api/v1/repositories", { key })).json();
    expect(repositories.meta.total_count).toBe(0);
    expect((await post(key, "invalid", { content: "" }, entriesPath, { invalid: true })).status).toBe(422);
    expect((await post(key, "invalid", { content: "" }, entriesPath, { invalid: true })).headers.get("idempotent-replayed")).toBe("true");
  });

  it.runIf(onPostgres)("keeps an answer 7 days, as long as the web app's offline outbox keeps a change, and forgets it after", async () => {
    const { email, key } = await newAccount(server, { scopes: entryScopes });
    expect((await post(key, "daily", { content: "day one" })).status).toBe(201);
    const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await client.connect();
    const age = (interval: string) =>
      client.query(`UPDATE idempotency_keys SET created_at = created_at - interval '${interval}' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [
        email,
      ]);
    try {
      await age("6 days 23 hours");
      const kept = await post(key, "daily", { content: "day one" });
      expect(kept.headers.get("idempotent-replayed")).toBe("true");
      await age("1 hour 1 second");
    } finally {
      await client.end();
    }
    const again = await post(key, "daily", { content: "day one" });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBeNull();
    expect(await entryCount(key)).toBe(2);
  });

  it("runs a PUT or a DELETE once per key: a replay after the first succeeded is its answer, not a 404 or a second change", async () => {
    const { key } = await newAccount(server, { scopes: entryScopes });
    const entry = await (await post(key, "create", { content: "x" })).json();
    const put = (idempotencyKey: string, content: string) =>
      server.request(entry.url, { key, method: "PUT", body: { content }, headers: { "idempotency-key": idempotencyKey } });
    const first = await put("edit-1", "y");
    expect(first.status).toBe(200);
    const firstText = await first.text();
    expect((await put("edit-2", "z")).status).toBe(200);
    const replayed = await put("edit-1", "y");
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await replayed.text()).toBe(firstText);
    expect((await (await server.request(entry.url, { key })).json()).content).toBe("z");
    expect((await put("edit-1", "other")).status).toBe(422);

    const remove = () => server.request(entry.url, { key, method: "DELETE", headers: { "idempotency-key": "delete-1" } });
    const deleted = await remove();
    expect(deleted.status).toBe(200);
    const deletedAgain = await remove();
    expect(deletedAgain.status).toBe(200);
    expect(deletedAgain.headers.get("idempotent-replayed")).toBe("true");
    expect(await deletedAgain.json()).toEqual(await deleted.json());
    expect(await entryCount(key)).toBe(0);
    // A read ignores the header, even an invalid one.
    expect((await server.request(entriesPath, { key, headers: { "idempotency-key": "" } })).status).toBe(200);
  });
});
