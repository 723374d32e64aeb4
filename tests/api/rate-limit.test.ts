// docs/api.md, "Rate limits", end to end, against both limiters: the in-process one (the embedded default)
// and @upstash/ratelimit on a real Redis behind a local Upstash REST stand-in.
import { randomBytes, randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateApiKey } from "@/lib/auth/api-keys";
import { testBackend } from "../support/databases";
import { startServer, type PrivateServer } from "../support/server";
import { startUpstashRest, type UpstashRest } from "../support/upstash-rest";

const SLOW = 180_000;
const UNAVAILABLE = "UPSTASH REDIS IS UNAVAILABLE";

type Limiter = { name: string; countsInRedis: boolean; env: () => Record<string, string> };

let upstash: UpstashRest;
let redis: Redis;

const upstashEnv = (url: string, token = upstash.token) => ({ UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token });
/** Where the tests count in Redis, a slow machine must not turn a late answer into an unlimited pass. */
const countingUpstashEnv = () => ({ ...upstashEnv(upstash.url), UPSTASH_TIMEOUT_MS: "30000" });

const limiters: Limiter[] = [
  { name: "in-process limiter", countsInRedis: false, env: () => ({}) },
  { name: "Upstash limiter", countsInRedis: true, env: countingUpstashEnv },
];

/**
 * Per limiter: a server with the default limit of 500, and one with a limit of 3. They live for the
 * whole file so that the reset tests of both limiters can wait for the same minute boundary.
 */
const servers = new Map<Limiter, { standard: PrivateServer; small: PrivateServer }>();

async function startServers(...envs: Record<string, string>[]): Promise<PrivateServer[]> {
  const results = await Promise.allSettled(envs.map((env) => startServer({ env })));
  const started = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failure = results.find((result) => result.status === "rejected");
  if (failure) {
    await Promise.all(started.map((server) => server.stop()));
    throw failure.reason;
  }
  return started;
}

beforeAll(async () => {
  upstash = await startUpstashRest({ token: `token-${randomUUID()}` });
  redis = new Redis("redis://127.0.0.1:6379");
  const started = await startServers(...limiters.flatMap((limiter) => [
      // Behind one proxy, whose x-forwarded-for entry the tests choose per simulated client.
      { ...limiter.env(), TRUSTED_PROXY_COUNT: "1" },
      { ...limiter.env(), RATE_LIMIT_PER_MINUTE: "3" },
    ]));
  limiters.forEach((limiter, i) => servers.set(limiter, { standard: started[2 * i]!, small: started[2 * i + 1]! }));
});

afterAll(async () => {
  await Promise.all([...servers.values()].flatMap(({ standard, small }) => [standard.stop(), small.stop()]));
  await upstash?.stop();
  await redis?.quit();
});

async function newAccount(server: PrivateServer, scopes = ["user:read"], keys = 1) {
  const { email } = await server.createUser();
  const created: string[] = [];
  for (let i = 0; i < keys; i++) created.push(await server.createKey(email, scopes, `key ${i + 1}`));
  return created;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The end of the current fixed window (calendar minute), in Unix seconds. */
const windowEnd = () => (Math.floor(Date.now() / 60_000) + 1) * 60;

/**
 * Windows are calendar minutes: waits for the next one unless `seconds` of work still fit in the
 * current one, so that a burst never straddles two windows.
 */
async function leaveTimeInWindow(seconds: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await sleep(left + 100);
}

const limitHeaders = (response: Response) => ({
  limit: response.headers.get("x-ratelimit-limit"),
  remaining: response.headers.get("x-ratelimit-remaining"),
  reset: response.headers.get("x-ratelimit-reset"),
  window: response.headers.get("x-ratelimit-window"),
});

const expectedHeaders = (limit: number, remaining: number, reset: number) => ({
  limit: String(limit),
  remaining: String(remaining),
  reset: String(reset),
  window: "60",
});

/** Sends `perClient` requests one after another from each of `clients` parallel clients. */
async function burst(clients: number, perClient: number, send: (client: number) => Promise<Response>) {
  const outcomes = await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const results: { status: number; remaining: string | null }[] = [];
      for (let i = 0; i < perClient; i++) {
        const response = await send(client);
        await response.arrayBuffer();
        results.push({ status: response.status, remaining: response.headers.get("x-ratelimit-remaining") });
      }
      return results;
    }),
  );
  const all = outcomes.flat();
  const statuses: Record<number, number> = {};
  for (const { status } of all) statuses[status] = (statuses[status] ?? 0) + 1;
  const remainingOfSuccesses = all
    .filter(({ status }) => status === 200)
    .map(({ remaining }) => Number(remaining))
    .sort((a, b) => a - b);
  return { statuses, remainingOfSuccesses };
}

const countdown = (from: number) => Array.from({ length: from + 1 }, (_, i) => from - i);
const ascending = (to: number) => countdown(to).reverse();

/** A client address from the IPv6 documentation range, unique to this run (Redis is shared). */
const clientIp = () => `2001:db8:${randomBytes(6).toString("hex").match(/.{4}/g)!.join(":")}::7`;

async function expectTooManyRequests(response: Response, limit: number, reset: number, sentAt: number) {
  const receivedAt = Date.now();
  expect(response.status).toBe(429);
  const retryAfter = response.headers.get("retry-after");
  expect(retryAfter).toMatch(/^[1-9]\d*$/);
  const seconds = Number(retryAfter);
  // Whole seconds until the window ends, as the server saw the clock between sending and receipt.
  expect(seconds).toBeGreaterThanOrEqual(Math.max(1, Math.ceil(reset - receivedAt / 1000)));
  expect(seconds).toBeLessThanOrEqual(Math.max(1, Math.ceil(reset - sentAt / 1000)));
  expect(await response.json()).toEqual({
    error: `Rate limit exceeded: ${limit} requests per minute. Retry after ${seconds} seconds.`,
    retry_after: seconds,
  });
  expect(limitHeaders(response)).toEqual(expectedHeaders(limit, 0, reset));
}

describe.each(limiters)("rate limiting with the $name (docs/api.md, Rate limits)", (limiter) => {
  const standard = () => servers.get(limiter)!.standard;
  const small = () => servers.get(limiter)!.small;

  it(
    "lets 500 requests of an account through in a window, counting down to 0, and refuses the 501st",
    async () => {
      const server = standard();
      const [key] = await newAccount(server);
      await leaveTimeInWindow(20);
      const reset = windowEnd();
      const statuses: number[] = [];
      const headers: ReturnType<typeof limitHeaders>[] = [];
      for (let i = 0; i < 500; i++) {
        const response = await server.request("/api/v1/user", { key });
        await response.arrayBuffer();
        statuses.push(response.status);
        headers.push(limitHeaders(response));
      }
      expect(statuses).toEqual(Array(500).fill(200));
      expect(headers).toEqual(countdown(499).map((remaining) => expectedHeaders(500, remaining, reset)));

      const sentAt = Date.now();
      await expectTooManyRequests(await server.request("/api/v1/user", { key }), 500, reset, sentAt);
    },
    SLOW,
  );

  it("counts every authenticated request, 2xx and 4xx alike, and tells so in the headers", async () => {
    const server = standard();
    const [key] = await newAccount(server, ["user:read", "project:read"]);
    await leaveTimeInWindow(5);
    const reset = windowEnd();
    const responses = [
      await server.request("/api/v1/user", { key }),
      await server.request("/api/v1/user", { key, method: "PUT", body: { name: "Needs user:write" } }),
      await server.request(`/api/v1/projects/${randomUUID()}`, { key }),
      await server.request("/api/v1/projects", { key }),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 403, 404, 200]);
    expect(responses.map(limitHeaders)).toEqual([499, 498, 497, 496].map((remaining) => expectedHeaders(500, remaining, reset)));

    const { id } = await responses[0]!.json();
    const keysInRedis = await redis.keys(`*:${id}:*`);
    if (limiter.countsInRedis) {
      expect(keysInRedis).toHaveLength(1);
      expect(await redis.get(keysInRedis[0]!)).toBe("4");
    } else {
      expect(keysInRedis).toEqual([]);
    }
  });

  it("shares the budget between the keys of one account", async () => {
    const server = small();
    const [first, second] = await newAccount(server, ["user:read"], 2);
    await leaveTimeInWindow(5);
    const reset = windowEnd();
    const responses = [];
    for (const key of [first, second, first]) responses.push(await server.request("/api/v1/user", { key }));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(responses.map(limitHeaders)).toEqual([2, 1, 0].map((remaining) => expectedHeaders(3, remaining, reset)));

    for (const key of [second, first]) {
      const sentAt = Date.now();
      await expectTooManyRequests(await server.request("/api/v1/user", { key }), 3, reset, sentAt);
    }
  });

  it("gives every account a budget of its own", async () => {
    const server = small();
    const [[exhausted], [fresh]] = await Promise.all([newAccount(server), newAccount(server)]);
    await leaveTimeInWindow(5);
    const reset = windowEnd();
    for (let i = 0; i < 3; i++) expect((await server.request("/api/v1/user", { key: exhausted })).status).toBe(200);
    expect((await server.request("/api/v1/user", { key: exhausted })).status).toBe(429);

    const response = await server.request("/api/v1/user", { key: fresh });
    expect(response.status).toBe(200);
    expect(limitHeaders(response)).toEqual(expectedHeaders(3, 2, reset));
  });

  it(
    "lets exactly 500 of 600 concurrent requests through",
    async () => {
      const server = standard();
      const [key] = await newAccount(server);
      await leaveTimeInWindow(20);
      const { statuses, remainingOfSuccesses } = await burst(20, 30, () => server.request("/api/v1/user", { key }));
      expect(statuses).toEqual({ 200: 500, 429: 100 });
      // Each success consumed its own unit of the budget: no two were counted as the same one.
      expect(remainingOfSuccesses).toEqual(ascending(499));
    },
    SLOW,
  );

  it("limits failed authentications per client IP to 60 a minute", async () => {
    const server = standard();
    const [key] = await newAccount(server);
    const guesser = clientIp();
    await leaveTimeInWindow(15);
    const reset = windowEnd();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const response = await server.request("/api/v1/user", { key: generateApiKey(), headers: { "x-forwarded-for": guesser } });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(60).fill(401));

    const sentAt = Date.now();
    const refused = await server.request("/api/v1/user", { key: generateApiKey(), headers: { "x-forwarded-for": guesser } });
    await expectTooManyRequests(refused, 60, reset, sentAt);

    const valid = await server.request("/api/v1/user", { key, headers: { "x-forwarded-for": guesser } });
    expect(valid.status).toBe(200);
    expect(limitHeaders(valid)).toEqual(expectedHeaders(500, 499, reset));

    const elsewhere = await server.request("/api/v1/user", { key: generateApiKey(), headers: { "x-forwarded-for": clientIp() } });
    expect(elsewhere.status).toBe(401);
  });
});

// Both limiters at once, so that the suite waits for one minute boundary rather than two.
describe.concurrent("a new window", () => {
  it.each(limiters)(
    "starts afresh at the next minute with the $name",
    async (limiter) => {
      const server = servers.get(limiter)!.small;
      const [key] = await newAccount(server);
      await leaveTimeInWindow(5);
      const reset = windowEnd();
      for (let i = 0; i < 3; i++) expect((await server.request("/api/v1/user", { key })).status).toBe(200);
      expect((await server.request("/api/v1/user", { key })).status).toBe(429);

      await sleep(reset * 1000 - Date.now());
      const response = await server.request("/api/v1/user", { key });
      expect(response.status).toBe(200);
      expect(limitHeaders(response)).toEqual(expectedHeaders(3, 2, reset + 60));
    },
    SLOW,
  );
});

// An embedded database belongs to one process: two instances of one account need PostgreSQL.
describe.skipIf(testBackend() === "pglite")("two instances sharing one Upstash Redis", () => {
  let first: PrivateServer;
  let second: PrivateServer;

  beforeAll(async () => {
    first = await startServer({ env: countingUpstashEnv() });
    second = await startServer({ env: { ...countingUpstashEnv(), DATABASE_URL: first.env.DATABASE_URL! } });
  });

  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it(
    "let exactly 500 of 300 + 300 concurrent requests through",
    async () => {
      const [key] = await newAccount(first);
      await leaveTimeInWindow(20);
      const { statuses, remainingOfSuccesses } = await burst(20, 30, (client) =>
        (client % 2 === 0 ? first : second).request("/api/v1/user", { key }),
      );
      expect(statuses).toEqual({ 200: 500, 429: 100 });
      expect(remainingOfSuccesses).toEqual(ascending(499));
    },
    SLOW,
  );
});

/** A port on which nothing listens. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Accepts connections and requests, and never answers. */
async function startHangingServer(): Promise<{ url: string; server: Server }> {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("Upstash configured but unavailable", () => {
  let hanging: Server;
  let unreachable: PrivateServer;
  let unanswered: PrivateServer;

  beforeAll(async () => {
    const hangingUpstash = await startHangingServer();
    hanging = hangingUpstash.server;
    const started = await startServers(upstashEnv(`http://127.0.0.1:${await closedPort()}`), upstashEnv(hangingUpstash.url));
    unreachable = started[0]!;
    unanswered = started[1]!;
  });

  afterAll(async () => {
    await Promise.all([unreachable?.stop(), unanswered?.stop()]);
    hanging?.closeAllConnections();
    await new Promise((resolve) => hanging?.close(resolve));
  });

  const occurrences = (logs: string) => logs.split(UNAVAILABLE).length - 1;

  it.each([
    { name: "unreachable", server: () => unreachable },
    { name: "not answering", server: () => unanswered },
  ])("when $name, requests pass, with one loud log line rather than one per request", async ({ server: current }) => {
    const server = current();
    const [key] = await newAccount(server);
    await leaveTimeInWindow(10);
    const reset = windowEnd();
    const responses = [];
    for (let i = 0; i < 3; i++) responses.push(await server.request("/api/v1/user", { key }));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
    await vi.waitFor(async () => expect(occurrences(await server.logs())).toBeGreaterThan(0));
    expect(occurrences(await server.logs())).toBe(1);
    // Nothing was counted: the headers still tell the limit and the window, and promise nothing less.
    expect(responses.map(limitHeaders)).toEqual(Array(3).fill(expectedHeaders(500, 500, reset)));
  });

  it(
    "when it goes away during traffic, requests pass, and counting resumes when it is back",
    async () => {
      const token = `token-${randomUUID()}`;
      let standIn = await startUpstashRest({ token });
      const port = Number(new URL(standIn.url).port);
      const server = await startServer({ env: upstashEnv(standIn.url, token) });
      try {
        const [key] = await newAccount(server);
        await leaveTimeInWindow(30);
        const outcomes: { status: number; remaining: number }[] = [];
        let running = true;
        const clients = Array.from({ length: 10 }, async () => {
          while (running) {
            const response = await server.request("/api/v1/user", { key });
            await response.arrayBuffer();
            outcomes.push({ status: response.status, remaining: Number(response.headers.get("x-ratelimit-remaining")) });
          }
        });
        const counted = () => outcomes.filter((outcome) => outcome.remaining < 500).length;
        try {
          await vi.waitFor(() => expect(counted()).toBeGreaterThanOrEqual(20), { timeout: 20_000 });
          await standIn.stop();
          const sentBeforeOutage = outcomes.length;
          await vi.waitFor(() => expect(outcomes.slice(sentBeforeOutage).filter((outcome) => outcome.remaining === 500).length).toBeGreaterThanOrEqual(20), {
            timeout: 20_000,
          });
          standIn = await startUpstashRest({ token, port });
          const sentDuringOutage = outcomes.length;
          await vi.waitFor(() => expect(outcomes.slice(sentDuringOutage).filter((outcome) => outcome.remaining < 500).length).toBeGreaterThanOrEqual(20), {
            timeout: 20_000,
          });
        } finally {
          running = false;
          await Promise.all(clients);
        }
        expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
        expect(occurrences(await server.logs())).toBe(1);
        // The window's count went on from where it was: at least every counted answer is in it (a
        // request cut off by the outage may have been counted without its answer saying so).
        const { remaining } = limitHeaders(await server.request("/api/v1/user", { key }));
        expect(Number(remaining)).toBeLessThanOrEqual(500 - 1 - counted());
      } finally {
        await server.stop();
        // Already stopped when the test failed during the outage.
        await standIn.stop().catch(() => undefined);
      }
    },
    SLOW,
  );
});
