// What an operator sets and sees (README "Operations", "Deploying to Vercel"): request logs as
// JSON, the readiness probe, Prometheus metrics, closed sign-ups and the plan of new accounts,
// on the shared server configured as an operator would (server-configs.ts, `operated`).
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../support/server";
import { actionId } from "../support/server-actions";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { newKey } from "../support/accounts";

let server: TestServer;

beforeAll(async () => {
  server = await sharedServer("operated");
});

const metricsToken = "the-metrics-token-of-the-tests";

/** The line LOG_FORMAT=json wrote for the request `requestId`. */
async function logLine(requestId: string): Promise<Record<string, unknown>> {
  const lines = (await server.logs()).split("\n").filter((line) => line.includes(`"request_id":"${requestId}"`));
  expect(lines).toHaveLength(1);
  return JSON.parse(lines[0]!) as Record<string, unknown>;
}

describe("LOG_FORMAT=json", () => {
  it("writes one line per API request: time, request id, method, route pattern, status, duration and account, never a key or a body", async () => {
    const key = await newKey(server, { scopes: ["user:read", "project:*"] });
    const accountId = ((await (await server.request("/api/v1/user", { key })).json()) as { id: string }).id;

    const missing = await server.request(`/api/v1/projects/${randomUUID()}`, { key });
    expect(missing.status).toBe(404);
    const line = await logLine(missing.headers.get("x-request-id")!);
    expect(line).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      request_id: missing.headers.get("x-request-id"),
      method: "GET",
      route: "/api/v1/projects/{id}",
      status: 404,
      duration_ms: expect.any(Number),
      account_id: accountId,
    });

    const secretName = `Secret project ${randomUUID()}`;
    const created = await server.request("/api/v1/projects", { key, method: "POST", body: { name: secretName } });
    expect(created.status).toBe(201);
    expect(await logLine(created.headers.get("x-request-id")!)).toMatchObject({
      method: "POST",
      route: "/api/v1/projects",
      status: 201,
      account_id: accountId,
    });

    const refused = await server.request("/api/v1/user", { key: "wl_not_a_key_at_all", invalid: true });
    expect(refused.status).toBe(401);
    expect(await logLine(refused.headers.get("x-request-id")!)).toMatchObject({ route: "/api/v1/user", status: 401, account_id: null });

    const logs = await server.logs();
    expect(logs).not.toContain(key);
    expect(logs).not.toContain("wl_not_a_key_at_all");
    expect(logs).not.toContain(secretName);
  });
});

describe("the readiness probe", () => {
  it("says, with ready=1, what the rate limits are counted in and whether the worker runs", async () => {
    expect(await (await server.request("/api/health")).json()).toEqual({ status: "ok", database: "ok" });
    const ready = await server.request("/api/health?ready=1");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", database: "ok", stopping: false, rate_limiter: "in_process", job_worker: "running" });
  });
});

describe("/api/metrics", () => {
  it("answers Prometheus's text to its token: requests by route pattern and status, open streams, the queue's depth in all and by lane, the process's memory", async () => {
    const key = await newKey(server, { scopes: ["worklog:read", "project:read"], plan: "pro" });
    expect((await server.request(`/api/v1/projects/${randomUUID()}`, { key })).status).toBe(404);
    const stream = await server.request("/api/v1/worklog/recaps/sse", { key });
    expect(stream.status).toBe(200);

    const response = await server.request("/api/metrics", { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/^worklog_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/projects\/\{id\}",status="404"\} [1-9]\d*$/m);
    expect(text).toMatch(/^worklog_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/v1\/projects\/\{id\}",status="404"\} \d+$/m);
    expect(Number(/^worklog_open_event_streams (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^worklog_job_queue_depth \d+$/m);
    for (const lane of ["deliveries", "recaps", "imports"]) {
      for (const state of ["waiting", "running"]) expect(text).toMatch(new RegExp(`^worklog_job_lane_depth\\{lane="${lane}",state="${state}"\\} \\d+$`, "m"));
    }
    expect(Number(/^process_resident_memory_bytes (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(10 * 2 ** 20);
    expect(Number(/^nodejs_heap_size_used_bytes (\d+)$/m.exec(text)?.[1])).toBeGreaterThan(2 ** 20);
    await stream.body!.cancel();
  });

  it("is a 401 without its token or with another, and a 404 where METRICS_TOKEN is not set", async () => {
    const wrong: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${metricsToken}x` },
      { authorization: `Basic ${Buffer.from(`${metricsToken}:`).toString("base64")}` },
    ];
    for (const headers of wrong) {
      const refused = await server.request("/api/metrics", { headers });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: { message: "Authentication required", type: "authentication_error" } });
    }
    const elsewhere = await (await sharedServer()).request("/api/metrics", { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(elsewhere.status).toBe(404);
  });
});

describe("SIGN_UPS=closed and DEFAULT_PLAN=free", () => {
  it("the sign-up page says sign-ups are closed, and the sign-in page offers none", async () => {
    const page = await fetch(`${server.url}/signup`, { headers: { "x-forwarded-for": uniqueClientAddress() } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Sign-ups are closed on this server. Ask its administrator for an account, then sign in.");
    expect(html).not.toContain('name="password"');
    const signIn = await (await fetch(`${server.url}/signin`, { headers: { "x-forwarded-for": uniqueClientAddress() } })).text();
    expect(signIn).not.toContain("Create an account");
  });

  it("the sign-up action refuses, and makes no account", async () => {
    const email = `closed-${randomUUID()}@example.com`;
    const form = new FormData();
    form.set("0", JSON.stringify([null, "$K1"]));
    for (const [name, value] of Object.entries({ email, name: "", password: "a long and unusual passphrase", timezone: "UTC" })) form.set(`1_${name}`, value);
    const response = await fetch(`${server.url}/signup`, {
      method: "POST",
      headers: { "next-action": actionId("lib/users/actions.ts", "signUpWithPassword"), origin: server.url, "x-forwarded-for": uniqueClientAddress() },
      body: form,
    });
    expect(response.status).toBe(200);
    // The action's answer (row 1 of React's reply; row 0 is the page, which says the same).
    expect(await response.text()).toMatch(
      /^1:\{"ok":false,"fieldErrors":\{\},"message":"Sign-ups are closed on this server\. Ask its administrator for an account, then sign in\."/m,
    );
    // The admin CLI still makes accounts: the address was free.
    expect(await server.admin("user:create", "--email", email, "--password", "a long and unusual passphrase")).toMatchObject({ exitCode: 0 });
  });

  it("new accounts get plan free unless given another", async () => {
    const key = await newKey(server, { scopes: ["user:read"] });
    expect(((await (await server.request("/api/v1/user", { key })).json()) as { plan: string }).plan).toBe("free");
  });
});
