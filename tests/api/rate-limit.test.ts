// docs/api.md, "Rate limits", end to end, against both limiters: the in-process one (the embedded default)
// and @upstash/ratelimit on a real Redis behind the local Upstash REST stand-in. No test waits for the
// clock: the counting tests run on servers whose windows last an hour (RATE_LIMIT_WINDOW_SECONDS), where
// an attempt that straddled the end of one is repeated once, and a new window is watched on servers
// whose windows last 2 s. How each limiter rolls over to the next window, the clock faked, is
// tests/unit/rate-limit.test.ts.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generateApiKey } from "@/lib/auth/api-keys";
import { testBackend } from "../support/databases";
import { startServer, type PrivateServer, type RequestOptions, type TestServer } from "../support/server";
import type { ServerConfigName } from "../support/server-configs";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { startUpstashRest, type UpstashRest } from "../support/upstash-rest";
import { newAccount, newKey } from "../support/accounts";
import { newTeam } from "../support/team";

const SLOW = 180_000;
const UNAVAILABLE = "UPSTASH REDIS IS UNAVAILABLE";

/** A window's length, and how the 429's message names it. */
type Window = { seconds: number; words: string };
const MINUTE: Window = { seconds: 60, words: "minute" };
const HOUR: Window = { seconds: 3600, words: "3600 seconds" };
const TWO_SECONDS: Window = { seconds: 2, words: "2 seconds" };

type Limiter = { name: string; countsInRedis: boolean; hourly: ServerConfigName; short: ServerConfigName };

const limiters: Limiter[] = [
  { name: "in-process limiter", countsInRedis: false, hourly: "hourlyRateLimits", short: "shortRateLimitWindows" },
  { name: "Upstash limiter", countsInRedis: true, hourly: "hourlyRateLimitsUpstash", short: "shortRateLimitWindowsUpstash" },
];

const handles = new Map<ServerConfigName, Promise<TestServer>>();
/** One handle per configuration for the whole file: its requests come from one client address. */
const shared = (config: ServerConfigName) => {
  if (!handles.has(config)) handles.set(config, sharedServer(config));
  return handles.get(config)!;
};

let redis: Redis;
const privateServers: PrivateServer[] = [];
/** Upstash that accepts connections and never answers, for `unanswered`. */
let hanging: Server | undefined;
let unanswered: PrivateServer;
/** An Upstash stand-in of this file's own, which a test stops and starts again under `goingAway`. */
let goingAwayUpstash: UpstashRest;
let goingAway: PrivateServer;
/** A second instance beside the shared Upstash server, on its database (PostgreSQL only). */
let secondInstance: PrivateServer | undefined;

const upstashEnv = (url: string, token: string) => ({ UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token, RATE_LIMIT_WINDOW_SECONDS: "3600" });

/**
 * Makes a first account on the server: its fixtures process starts then, which takes seconds
 * (tests/support/server.ts), side by side with the other servers' rather than in a test.
 */
async function withFixtures<T extends TestServer>(server: T): Promise<T> {
  await server.createUser();
  return server;
}

async function startPrivate(env: Record<string, string>): Promise<PrivateServer> {
  const server = await startServer({ env });
  privateServers.push(server);
  return server;
}

/** Accepts connections and requests, and never answers. */
async function startHangingServer(): Promise<Server> {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
}

/** What makes another instance of the same deployment as `env`'s server. */
function sameDeployment(env: NodeJS.ProcessEnv): Record<string, string> {
  const names = ["DATABASE_URL", "UPSTASH_REDIS_REST_URL", "UPSTASH_REDIS_REST_TOKEN", "UPSTASH_TIMEOUT_MS", "RATE_LIMIT_WINDOW_SECONDS"];
  return Object.fromEntries(names.map((name) => [name, env[name]!]));
}

// Every server at once: they start side by side rather than one describe after another.
beforeAll(async () => {
  redis = new Redis("redis://127.0.0.1:6379");
  hanging = await startHangingServer();
  const goingAwayToken = `token-${randomUUID()}`;
  goingAwayUpstash = await startUpstashRest({ token: goingAwayToken });
  const sharedConfigs: ServerConfigName[] = [...limiters.flatMap((limiter) => [limiter.hourly, limiter.short]), "standard", "unreachableUpstash"];
  const results = await Promise.allSettled([
    ...sharedConfigs.map((config) => shared(config).then(withFixtures)),
    // The timeout's minimum: a request waits that long for the Upstash that never answers.
    startPrivate({ ...upstashEnv(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, "unused"), UPSTASH_TIMEOUT_MS: "100" })
      .then(withFixtures)
      .then((server) => void (unanswered = server)),
    startPrivate(upstashEnv(goingAwayUpstash.url, goingAwayToken))
      .then(withFixtures)
      .then((server) => void (goingAway = server)),
    // An embedded database belongs to one process: two instances of one account need PostgreSQL.
    testBackend() === "postgres" &&
      shared("hourlyRateLimitsUpstash")
        .then((first) => startPrivate(sameDeployment(first.env)))
        .then((server) => void (secondInstance = server)),
  ]);
  const failure = results.find((result) => result.status === "rejected");
  if (failure) throw failure.reason;
});

afterAll(async () => {
  await Promise.all(privateServers.map((server) => server.stop()));
  // Already stopped when a test failed during its outage.
  await goingAwayUpstash?.stop().catch(() => undefined);
  hanging?.closeAllConnections();
  await new Promise((resolve) => (hanging ? hanging.close(resolve) : resolve(undefined)));
  await redis?.quit();
});

/** A response read whole, and when it was asked for and came back (Unix milliseconds). */
type Answer = { status: number; headers: Headers; body: string; sentAt: number; receivedAt: number };

async function send(server: TestServer, pathname: string, options: RequestOptions = {}): Promise<Answer> {
  const sentAt = Date.now();
  const response = await server.request(pathname, options);
  const body = await response.text();
  return { status: response.status, headers: response.headers, body, sentAt, receivedAt: Date.now() };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The end of the window that the instant `at` lies in, in Unix seconds: windows are aligned to multiples of their length. */
const windowEnd = (window: Window, at = Date.now()) => (Math.floor(at / (window.seconds * 1000)) + 1) * window.seconds;

/**
 * Runs `attempt`, which makes accounts and client addresses of its own, and gives what it returned
 * with the end of the window it ran in. An attempt that straddled the end of a window (the clock
 * was in another one when it finished) proves nothing about one window: it runs once more, and the
 * second cannot straddle too unless it outlasts a whole window.
 */
async function inOneWindow<T>(window: Window, attempt: () => Promise<T>): Promise<{ result: T; reset: number }> {
  for (let run = 1; ; run++) {
    const reset = windowEnd(window);
    const result = await attempt();
    if (windowEnd(window) === reset) return { result, reset };
    if (run === 2) throw new Error(`two attempts in a row straddled the end of a window of ${window.seconds} s`);
  }
}

const limitHeaders = (answer: Answer) => ({
  limit: answer.headers.get("x-ratelimit-limit"),
  remaining: answer.headers.get("x-ratelimit-remaining"),
  reset: answer.headers.get("x-ratelimit-reset"),
  window: answer.headers.get("x-ratelimit-window"),
  policy: answer.headers.get("ratelimit-policy"),
});

const expectedHeaders = (limit: number, remaining: number, reset: number, window: Window) => ({
  limit: String(limit),
  remaining: String(remaining),
  reset: String(reset),
  window: String(window.seconds),
  policy: `"default"; q=${limit}; w=${window.seconds}`,
});

const remainingOf = (answer: Answer) => Number(answer.headers.get("x-ratelimit-remaining"));

/**
 * Whole seconds until `reset` (Unix seconds) as the server counted them while answering: between
 * what the clock gave at sending and at receipt, and at least `atLeast`.
 */
function expectSecondsUntil(value: string | null | undefined, reset: number, answer: Answer, atLeast: number): number {
  expect(value).toMatch(/^\d+$/);
  const seconds = Number(value);
  expect(seconds).toBeGreaterThanOrEqual(Math.max(atLeast, Math.ceil(reset - answer.receivedAt / 1000)));
  expect(seconds).toBeLessThanOrEqual(Math.max(atLeast, Math.ceil(reset - answer.sentAt / 1000)));
  return seconds;
}

function expectTooManyRequests(answer: Answer, limit: number, reset: number, window: Window) {
  expect(answer.status).toBe(429);
  const seconds = expectSecondsUntil(answer.headers.get("retry-after"), reset, answer, 1);
  expect(JSON.parse(answer.body)).toEqual({
    error: `Rate limit exceeded: ${limit} requests per ${window.words}. Retry after ${seconds} seconds.`,
    retry_after: seconds,
  });
  expect(limitHeaders(answer)).toEqual(expectedHeaders(limit, 0, reset, window));
  const [, remaining, untilReset] = /^"default"; r=(\d+); t=(\d+)$/.exec(answer.headers.get("ratelimit") ?? "") ?? [];
  expect(remaining).toBe("0");
  expectSecondsUntil(untilReset, reset, answer, 0);
}

/** Sends `perClient` requests one after another from each of `clients` parallel clients; the answers per client. */
function burst(clients: number, perClient: number, send: (client: number) => Promise<Answer>): Promise<Answer[][]> {
  return Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const answers: Answer[] = [];
      for (let i = 0; i < perClient; i++) answers.push(await send(client));
      return answers;
    }),
  );
}

function countStatuses(answers: Answer[]) {
  const statuses: Record<number, number> = {};
  for (const { status } of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return statuses;
}

const ascending = (to: number) => Array.from({ length: to + 1 }, (_, i) => i);

/** 60 failed authentications at once from a new client address, then the 61st, the account's valid key from there and a wrong one from elsewhere. */
async function guessKeys(server: TestServer) {
  const key = await newKey(server, { scopes: ["user:read"] });
  const guesser = uniqueClientAddress();
  const fromGuesser = { "x-forwarded-for": guesser };
  const guesses = await Promise.all(Array.from({ length: 60 }, () => send(server, "/api/v1/user", { key: generateApiKey(), headers: fromGuesser })));
  const refused = await send(server, "/api/v1/user", { key: generateApiKey(), headers: fromGuesser });
  const valid = await send(server, "/api/v1/user", { key, headers: fromGuesser });
  const elsewhere = await send(server, "/api/v1/user", { key: generateApiKey(), headers: { "x-forwarded-for": uniqueClientAddress() } });
  return { guesses, refused, valid, elsewhere };
}

describe.each(limiters)("rate limiting with the $name (docs/api.md, Rate limits)", (limiter) => {
  it(
    "lets exactly 500 of 600 concurrent requests of an account's two keys through, counting each down once, and refuses the rest and every later one, not another account's",
    async () => {
      const server = await shared(limiter.hourly);
      const { result, reset } = await inOneWindow(HOUR, async () => {
        const [account, otherKey] = await Promise.all([newAccount(server, { scopes: ["user:read"] }), newKey(server, { scopes: ["user:read"] })]);
        const keys = [account.key, await server.createKey(account.email, ["user:read"])];
        // 20 clients send 30 requests each, one after another; the even ones with the first key.
        const clients = await burst(20, 30, (client) => send(server, "/api/v1/user", { key: keys[client % 2] }));
        const later = [await send(server, "/api/v1/user", { key: keys[0] }), await send(server, "/api/v1/user", { key: keys[1] })];
        const otherAccount = await send(server, "/api/v1/user", { key: otherKey });
        return { clients, later, otherAccount };
      });

      const answers = result.clients.flat();
      expect(countStatuses(answers)).toEqual({ 200: 500, 429: 100 });
      const allowed = answers.filter((answer) => answer.status === 200);
      // Each success consumed a unit of the budget of its own: no two were counted as the same one.
      expect(allowed.map(remainingOf).sort((a, b) => a - b)).toEqual(ascending(499));
      expect(allowed.map(limitHeaders)).toEqual(allowed.map((answer) => expectedHeaders(500, remainingOf(answer), reset, HOUR)));
      for (const client of result.clients) {
        // A client's requests count down in the order it sent them, and once refused it stays refused.
        const successes = client.filter((answer) => answer.status === 200);
        expect(client.map((answer) => answer.status)).toEqual([...Array(successes.length).fill(200), ...Array(30 - successes.length).fill(429)]);
        const remaining = successes.map(remainingOf);
        expect(remaining).toEqual([...remaining].sort((a, b) => b - a));
      }
      for (const refused of answers.filter((answer) => answer.status === 429)) expectTooManyRequests(refused, 500, reset, HOUR);

      // Both keys spent the account's one budget; another account has a budget of its own.
      for (const refused of result.later) expectTooManyRequests(refused, 500, reset, HOUR);
      expect(result.otherAccount.status).toBe(200);
      expect(limitHeaders(result.otherAccount)).toEqual(expectedHeaders(500, 499, reset, HOUR));
    },
    SLOW,
  );

  it("counts every authenticated request, 2xx and 4xx alike, and tells so in the headers", async () => {
    const server = await shared(limiter.hourly);
    const { result: answers, reset } = await inOneWindow(HOUR, async () => {
      const key = await newKey(server, { scopes: ["user:read", "project:read"] });
      return [
        await send(server, "/api/v1/user", { key }),
        await send(server, "/api/v1/user", { key, method: "PUT", body: { name: "Needs user:write" } }),
        await send(server, `/api/v1/projects/${randomUUID()}`, { key }),
        await send(server, "/api/v1/projects", { key }),
      ];
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 403, 404, 200]);
    expect(answers.map(limitHeaders)).toEqual([499, 498, 497, 496].map((remaining) => expectedHeaders(500, remaining, reset, HOUR)));
    expect(answers.map((answer) => answer.headers.get("ratelimit")?.split("; ").slice(0, 2))).toEqual(
      [499, 498, 497, 496].map((remaining) => ['"default"', `r=${remaining}`]),
    );

    const { id } = JSON.parse(answers[0]!.body);
    const keysInRedis = await redis.keys(`*:${id}:*`);
    if (limiter.countsInRedis) {
      expect(keysInRedis).toHaveLength(1);
      expect(await redis.get(keysInRedis[0]!)).toBe("4");
    } else {
      expect(keysInRedis).toEqual([]);
    }
  });

  it("limits failed authentications per client address to 60 a window", async () => {
    const server = await shared(limiter.hourly);
    const { result, reset } = await inOneWindow(HOUR, () => guessKeys(server));
    expect(result.guesses.map((answer) => answer.status)).toEqual(Array(60).fill(401));
    expectTooManyRequests(result.refused, 60, reset, HOUR);
    // The address's failures spend nothing of an account's budget.
    expect(result.valid.status).toBe(200);
    expect(limitHeaders(result.valid)).toEqual(expectedHeaders(500, 499, reset, HOUR));
    expect(result.elsewhere.status).toBe(401);
  });
});

it("counts in windows of a minute unless RATE_LIMIT_WINDOW_SECONDS says otherwise, and says so", async () => {
  const server = await shared("standard");
  const { result, reset } = await inOneWindow(MINUTE, () => guessKeys(server));
  expect(result.guesses.map((answer) => answer.status)).toEqual(Array(60).fill(401));
  expectTooManyRequests(result.refused, 60, reset, MINUTE);
  expect(limitHeaders(result.valid)).toEqual(expectedHeaders(500, 499, reset, MINUTE));
});

/**
 * Rounds of four concurrent requests (one more than the limit) until one is refused: a round that
 * straddled the end of a window may have had none refused.
 */
async function firstRefusal(server: TestServer, key: string): Promise<Answer> {
  for (let round = 0; round < 20; round++) {
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(server, "/api/v1/user", { key })));
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 429)).toEqual([]);
    const refused = answers.find((answer) => answer.status === 429);
    if (refused) return refused;
  }
  throw new Error("20 rounds of 4 requests within windows of 2 s, and none refused");
}

describe.concurrent("a new window", () => {
  it.each(limiters)("starts afresh when the window ends, with the $name", async (limiter) => {
    const server = await shared(limiter.short);
    const key = await newKey(server, { scopes: ["user:read"] });
    const refused = await firstRefusal(server, key);
    const reset = Number(refused.headers.get("x-ratelimit-reset"));
    // The refusal's window is one the clock was in between its sending and its answer (on a busy
    // machine a request may take longer than a window of 2 s: one between them, then).
    expect(reset % 2).toBe(0);
    expect(reset).toBeGreaterThanOrEqual(windowEnd(TWO_SECONDS, refused.sentAt));
    expect(reset).toBeLessThanOrEqual(windowEnd(TWO_SECONDS, refused.receivedAt));
    expectTooManyRequests(refused, 3, reset, TWO_SECONDS);

    // At most the 2 s of one window.
    while (Date.now() < reset * 1000) await sleep(reset * 1000 - Date.now());
    const allowed = await send(server, "/api/v1/user", { key });
    expect(allowed.status).toBe(200);
    // The next window, unless a slow machine's request reached the server in the one after.
    const nextReset = Number(allowed.headers.get("x-ratelimit-reset"));
    expect([windowEnd(TWO_SECONDS, allowed.sentAt), windowEnd(TWO_SECONDS, allowed.receivedAt)]).toContain(nextReset);
    expect(limitHeaders(allowed)).toEqual(expectedHeaders(3, 2, nextReset, TWO_SECONDS));
  });
});

describe.skipIf(testBackend() === "pglite")("two instances sharing one database and one Upstash Redis", () => {
  it(
    "let exactly 500 of 300 + 300 concurrent requests through",
    async () => {
      const first = await shared("hourlyRateLimitsUpstash");
      const second = secondInstance!;
      const { result: clients } = await inOneWindow(HOUR, async () => {
        const key = await newKey(first, { scopes: ["user:read"] });
        return burst(20, 30, (client) => send(client % 2 === 0 ? first : second, "/api/v1/user", { key }));
      });
      const answers = clients.flat();
      expect(countStatuses(answers)).toEqual({ 200: 500, 429: 100 });
      expect(
        answers
          .filter((answer) => answer.status === 200)
          .map(remainingOf)
          .sort((a, b) => a - b),
      ).toEqual(ascending(499));
    },
    SLOW,
  );

  it("refuse a removed member's key on both at once: the membership is read with every request", async () => {
    const first = await shared("hourlyRateLimitsUpstash");
    const second = secondInstance!;
    const team = await newTeam(first, "Two instances");
    const memberOf = (server: TestServer) => server.request("/api/v1/workspace", { key: team.member.key });
    expect((await memberOf(second)).status).toBe(200);
    const { user_id: memberId } = (await (await first.request("/api/v1/workspace/members", { key: team.member.key })).json()).members.find(
      (member: { email: string | null }) => member.email === team.member.email,
    );
    expect((await first.request(`/api/v1/workspace/members/${memberId}`, { key: team.admin.key, method: "DELETE" })).status).toBe(200);
    expect((await memberOf(second)).status).toBe(401);
    expect((await memberOf(first)).status).toBe(401);
  });
});

describe("Upstash configured but unavailable", () => {
  const occurrences = (logs: string) => logs.split(UNAVAILABLE).length - 1;

  it.each([
    { name: "unreachable", server: () => shared("unreachableUpstash") },
    { name: "not answering", server: async () => unanswered },
  ])("when $name, requests pass, with one loud log line rather than one per request", async ({ server: current }) => {
    const server = await current();
    const { result: answers, reset } = await inOneWindow(HOUR, async () => {
      const key = await newKey(server, { scopes: ["user:read"] });
      const sent: Answer[] = [];
      for (let i = 0; i < 3; i++) sent.push(await send(server, "/api/v1/user", { key }));
      return sent;
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await vi.waitFor(async () => expect(occurrences(await server.logs())).toBeGreaterThan(0), { timeout: 10_000 });
    expect(occurrences(await server.logs())).toBe(1);
    // Nothing was counted: the headers still tell the limit and the window, and promise nothing less.
    expect(answers.map(limitHeaders)).toEqual(Array(3).fill(expectedHeaders(500, 500, reset, HOUR)));
  });

  it(
    "when it goes away during traffic, requests pass, and counting resumes when it is back",
    async () => {
      const server = goingAway;
      const { token } = goingAwayUpstash;
      const port = Number(new URL(goingAwayUpstash.url).port);
      const key = await newKey(server, { scopes: ["user:read"] });
      const outcomes: { status: number; remaining: number; reset: string | null }[] = [];
      let running = true;
      const clients = Array.from({ length: 10 }, async () => {
        while (running) {
          const answer = await send(server, "/api/v1/user", { key });
          outcomes.push({ status: answer.status, remaining: remainingOf(answer), reset: answer.headers.get("x-ratelimit-reset") });
        }
      });
      const counted = (from = 0) => outcomes.slice(from).filter((outcome) => outcome.remaining < 500);
      try {
        await vi.waitFor(() => expect(counted().length).toBeGreaterThanOrEqual(20), { timeout: 20_000 });
        await goingAwayUpstash.stop();
        const sentBeforeOutage = outcomes.length;
        await vi.waitFor(() => expect(outcomes.slice(sentBeforeOutage).filter((outcome) => outcome.remaining === 500).length).toBeGreaterThanOrEqual(20), {
          timeout: 20_000,
        });
        goingAwayUpstash = await startUpstashRest({ token, port });
        const sentDuringOutage = outcomes.length;
        await vi.waitFor(() => expect(counted(sentDuringOutage).length).toBeGreaterThanOrEqual(20), { timeout: 20_000 });
      } finally {
        running = false;
        await Promise.all(clients);
      }
      expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
      expect(occurrences(await server.logs())).toBe(1);
      // The window's count went on from where it was: at least every counted answer of the window is
      // in it (a request cut off by the outage may have been counted without its answer saying so).
      const last = await send(server, "/api/v1/user", { key });
      const countedInItsWindow = counted().filter((outcome) => outcome.reset === last.headers.get("x-ratelimit-reset")).length;
      expect(remainingOf(last)).toBeLessThanOrEqual(500 - 1 - countedInItsWindow);
    },
    SLOW,
  );
});
