// Outbound webhooks (docs/api.md, "Webhooks"): the API that manages them, the addresses they
// may not reach, and their deliveries as the server's own worker makes them, to a receiver on
// the one port of 127.0.0.1 that this server's WEBHOOK_ALLOWED_HOSTS names (server-configs.ts),
// which checks each signature with the Standard Webhooks library.
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newAccount } from "../support/accounts";
import { allowedPort, startReceiver, type Receiver, type Received } from "../support/receiver";

type Endpoint = {
  id: string;
  url: string;
  endpoint_url: string;
  events: string[];
  description: string;
  enabled: boolean;
  disabled_reason: string | null;
  secret?: string;
};
type Attempt = {
  id: string;
  event_id: string;
  type: string;
  attempt: number;
  status: number | null;
  error: string | null;
  next_retry_at: string | null;
  response_excerpt: string | null;
  attempted_at: string;
};

let server: TestServer;
let receiver: Receiver;
let origin: string;
const received: Received[] = [];
/** What the receiver answers, by path: a status, or for /redirect a redirect to its own /ok. */
const answers: Record<string, number> = { "/gone": 410, "/fail": 500, "/redirect": 302 };

beforeAll(async () => {
  server = await sharedServer("webhooks");
  receiver = await startReceiver({
    port: allowedPort(server, 0),
    answer(request, response) {
      const path = new URL(request.path, origin).pathname;
      received.push(request);
      if (path === "/gzip") {
        // A compressed answer, as many servers send: its bytes hold NULs.
        response.writeHead(200, { "content-type": "text/plain", "content-encoding": "gzip" }).end(gzipSync("received"));
        return;
      }
      const status = answers[path] ?? 200;
      response.writeHead(status, status === 302 ? { location: `${origin}/ok/followed` } : { "content-type": "text/plain" });
      response.end(status === 302 ? "" : `received with ${status}`);
    },
  });
  origin = receiver.origin;
});

afterAll(async () => {
  await receiver?.close();
});

const webhookScopes = ["user:write", "worklog:write", "project:write"];

/** Each webhook posts to a path of its own on the receiver, so that tests tell their requests apart. */
async function createWebhook(key: string, path: string, events = ["entry.created"]): Promise<Endpoint> {
  return json(await server.request("/api/v1/webhooks", { method: "POST", key, body: { endpoint_url: `${origin}${path}`, events, description: "Tests" } }), 201);
}

async function webhook(key: string, id: string): Promise<Endpoint & { attempts: Attempt[] }> {
  return json(await server.request(`/api/v1/webhooks/${id}`, { key }), 200);
}

/** Waits for the server's worker: polls the webhook until `done` holds of it. */
async function until(key: string, id: string, done: (endpoint: Endpoint & { attempts: Attempt[] }) => boolean) {
  for (let poll = 0; poll < 200; poll++) {
    const endpoint = await webhook(key, id);
    if (done(endpoint)) return endpoint;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`webhook ${id} did not get there: ${JSON.stringify(await webhook(key, id))}`);
}

const requestsTo = (path: string) => received.filter((request) => request.path.startsWith(path));

describe("managing webhooks", () => {
  it("creates one with a secret shown once, lists, reads, updates and deletes it", async () => {
    const { key } = await newAccount(server, { scopes: webhookScopes });
    const created = await createWebhook(key, "/crud", ["entry.created", "project.*", "entry.created"]);
    expect(created).toMatchObject({
      url: `/api/v1/webhooks/${created.id}`,
      endpoint_url: `${origin}/crud`,
      events: ["entry.created", "project.*"],
      description: "Tests",
      enabled: true,
      disabled_reason: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const { webhooks } = await json(await server.request("/api/v1/webhooks", { key }), 200);
    expect(webhooks.map((each: Endpoint) => each.id)).toEqual([created.id]);
    expect(webhooks[0]).not.toHaveProperty("secret");
    expect(await webhook(key, created.id)).toMatchObject({ id: created.id, attempts: [] });

    const updated = await json(
      await server.request(created.url, { method: "PUT", key, body: { events: ["timer.started"], enabled: false, description: "Paused" } }),
      200,
    );
    expect(updated).toMatchObject({ events: ["timer.started"], enabled: false, description: "Paused", endpoint_url: `${origin}/crud` });
    expect(updated).not.toHaveProperty("secret");

    expect(await json(await server.request(created.url, { method: "DELETE", key }), 200)).toMatchObject({ id: created.id });
    await json(await server.request(created.url, { key }), 404);
  });

  it("refuses invalid bodies, and another account's webhooks are not found", async () => {
    const { key } = await newAccount(server, { scopes: webhookScopes });
    const invalid = await json(
      await server.request("/api/v1/webhooks", { method: "POST", key, body: { endpoint_url: `${origin}/x`, events: ["entry.exploded"] }, invalid: true }),
      422,
    );
    expect(invalid.errors).toEqual([{ title: "Invalid value", detail: "Invalid enum value", source: { pointer: "/events/0" } }]);
    const missing = await json(await server.request("/api/v1/webhooks", { method: "POST", key, body: {}, invalid: true }), 422);
    expect(missing.errors.map((error: { detail: string }) => error.detail)).toEqual(["Missing field: endpoint_url", "Missing field: events"]);

    const mine = await createWebhook(key, "/mine");
    const stranger = await newAccount(server, { scopes: webhookScopes });
    for (const [method, path] of [
      ["GET", mine.url],
      ["PUT", mine.url],
      ["DELETE", mine.url],
      ["POST", `${mine.url}/test`],
      ["POST", `${mine.url}/attempts/${randomUUID()}/resend`],
    ] as const) {
      const body = method === "PUT" ? { description: "Taken over" } : undefined;
      expect((await json(await server.request(path, { method, key: stranger.key, body }), 404)).error.type, `${method} ${path}`).toBe("not_found_error");
    }
    await json(await server.request(`${mine.url}/attempts/${randomUUID()}/resend`, { method: "POST", key }), 404);
    expect((await webhook(key, mine.id)).description).toBe("Tests");
  });

  it("needs user:write, to read them too", async () => {
    const { email } = await newAccount(server, { scopes: webhookScopes });
    const reader = await server.createKey(email, ["user:read", "worklog:*"]);
    const refused = await json(await server.request("/api/v1/webhooks", { key: reader }), 403);
    expect(refused.details.required_scope).toBe("user:write");
  });

  it("refuses internal addresses, at creation and when the URL changes", async () => {
    const { key } = await newAccount(server, { scopes: webhookScopes });
    const port = new URL(origin).port;
    const refusals: [string, RegExp][] = [
      ["http://127.0.0.1/hook", /resolves to 127\.0\.0\.1, which is loopback/],
      [`http://localhost:${port}/hook`, /resolves to (127\.0\.0\.1|::1), which is loopback/],
      [`http://[::1]:${port}/hook`, /resolves to ::1, which is loopback/],
      ["http://10.0.0.1/hook", /resolves to 10\.0\.0\.1, which is private/],
      ["http://169.254.169.254/latest/meta-data/", /resolves to 169\.254\.169\.254, which is the metadata address/],
      ["ftp://example.com/hook", /must be an https:\/\/ or http:\/\/ URL/],
      // `.invalid` never resolves (RFC 6761).
      ["https://hooks.nowhere.invalid/hook", /^Refused URL: it names a host, hooks\.nowhere\.invalid, that could not be resolved$/],
    ];
    for (const [url, why] of refusals) {
      const refused = await json(
        await server.request("/api/v1/webhooks", { method: "POST", key, body: { endpoint_url: url, events: ["entry.created"] } }),
        422,
      );
      expect(refused.errors, url).toEqual([{ title: "Invalid value", detail: expect.stringMatching(why), source: { pointer: "/endpoint_url" } }]);
      expect(refused.errors[0].detail).toMatch(/^Refused URL: it /);
    }
    const allowed = await createWebhook(key, "/allowed");
    const moved = await json(await server.request(allowed.url, { method: "PUT", key, body: { endpoint_url: "http://192.168.1.1/" } }), 422);
    expect(moved.errors[0].source.pointer).toBe("/endpoint_url");
    expect((await webhook(key, allowed.id)).endpoint_url).toBe(`${origin}/allowed`);
    const { webhooks } = await json(await server.request("/api/v1/webhooks", { key }), 200);
    expect(webhooks).toHaveLength(1);
  });
});

describe("webhook deliveries", () => {
  it("post a change's event, signed for the Standard Webhooks library, and log it", async () => {
    const { key } = await newAccount(server, { scopes: webhookScopes });
    const endpoint = await createWebhook(key, "/delivered", ["entry.created", "project.*"]);
    const project = await json(await server.request("/api/v1/projects", { method: "POST", key, body: { name: "Website" } }), 201);
    const entry = await json(
      await server.request("/api/v1/worklog/entries", { method: "POST", key, body: { content: "Shipped the pricing page", project_id: project.id } }),
      201,
    );
    const logged = await until(key, endpoint.id, ({ attempts }) => attempts.length === 2);

    const requests = requestsTo("/delivered");
    const payloads = requests.map(
      (request) => new Webhook(endpoint.secret!).verify(request.body, request.headers as Record<string, string>) as { type: string; data: unknown },
    );
    expect(payloads.map((payload) => payload.type).sort()).toEqual(["entry.created", "project.created"]);
    expect(payloads.find((payload) => payload.type === "project.created")!.data).toEqual(project);
    expect(payloads.find((payload) => payload.type === "entry.created")!.data).toEqual(entry);
    expect(logged.attempts.map((attempt) => [attempt.attempt, attempt.status, attempt.error, attempt.next_retry_at, attempt.response_excerpt])).toEqual([
      [1, 200, null, null, "received with 200"],
      [1, 200, null, null, "received with 200"],
    ]);
    expect(new Set(logged.attempts.map((attempt) => attempt.event_id))).toEqual(new Set(requests.map((request) => request.headers["webhook-id"])));
  });

  it("of a test event and a resent one, under the same webhook-id", async () => {
    const { key } = await newAccount(server, { scopes: webhookScopes });
    const endpoint = await createWebhook(key, "/tested", ["recap.completed"]);
    const { event_id: eventId } = await json(await server.request(`${endpoint.url}/test`, { method: "POST", key }), 202);
    const [attempt] = (await until(key, endpoint.id, ({ attempts }) => attempts.length === 1)).attempts;
    expect(attempt).toMatchObject({ event_id: eventId, type: "webhook.test", status: 200 });
    expect(await json(await server.request(`${endpoint.url}/attempts/${attempt!.id}/resend`, { method: "POST", key }), 202)).toEqual({ event_id: eventId });
    await until(key, endpoint.id, ({ attempts }) => attempts.length === 2);
    const requests = requestsTo("/tested");
    expect(requests.map((request) => request.headers["webhook-id"])).toEqual([eventId, eventId]);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    expect(new Webhook(endpoint.secret!).verify(requests[1]!.body, requests[1]!.headers as Record<string, string>)).toMatchObject({
      type: "webhook.test",
      data: { webhook_id: endpoint.id },
    });

    await json(await server.request(endpoint.url, { method: "PUT", key, body: { enabled: false } }), 200);
    const disabled = await json(await server.request(`${endpoint.url}/test`, { method: "POST", key }), 400);
    expect(disabled.error.message).toBe("The webhook is disabled: enable it first");
  });

  it("answered 410 Gone disable the webhook, which says why", async () => {
    const { key } = await newAccount(server, { scopes: webhookScopes });
    const endpoint = await createWebhook(key, "/gone");
    await json(await server.request("/api/v1/worklog/entries", { method: "POST", key, body: { content: "Nobody listens" } }), 201);
    const disabled = await until(key, endpoint.id, ({ enabled }) => !enabled);
    expect(disabled).toMatchObject({ enabled: false, disabled_reason: "The endpoint answered 410 Gone" });
    expect(disabled.attempts.map((attempt) => [attempt.status, attempt.next_retry_at])).toEqual([[410, null]]);

    const enabled = await json(await server.request(endpoint.url, { method: "PUT", key, body: { enabled: true } }), 200);
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it("answered 200 with a compressed body (NUL bytes) are logged and delivered once", async () => {
    const { key } = await newAccount(server, { scopes: webhookScopes });
    const endpoint = await createWebhook(key, "/gzip", ["recap.completed"]);
    const { event_id: eventId } = await json(await server.request(`${endpoint.url}/test`, { method: "POST", key }), 202);
    const [attempt] = (await until(key, endpoint.id, ({ attempts }) => attempts.length === 1)).attempts;
    expect(attempt).toMatchObject({ event_id: eventId, status: 200, error: null, next_retry_at: null });
    expect(attempt!.response_excerpt).not.toContain("\u0000");
    expect(attempt!.response_excerpt!.length).toBeGreaterThan(0);
    // Logged with no retry due: the job is done, and its one request is all the receiver got.
    expect(requestsTo("/gzip").map((request) => request.headers["webhook-id"])).toEqual([eventId]);
  });

  it("follow no redirect, and a failure is retried after 5 s", async () => {
    const { key } = await newAccount(server, { scopes: webhookScopes });
    const endpoint = await createWebhook(key, "/redirect");
    await json(await server.request("/api/v1/worklog/entries", { method: "POST", key, body: { content: "Moved away" } }), 201);
    const [attempt] = (await until(key, endpoint.id, ({ attempts }) => attempts.length === 1)).attempts;
    expect(attempt).toMatchObject({ status: 302, error: "Answered 302" });
    expect(new Date(attempt!.next_retry_at!).getTime() - new Date(attempt!.attempted_at).getTime()).toBe(5_000);
    expect(requestsTo("/redirect")).toHaveLength(1);
    expect(requestsTo("/ok/followed")).toEqual([]);
  });
});
