// Faults (issue 9): the database going away or freezing under traffic, clients leaving mid-stream, slow
// request bodies, and concurrent writes to one entry. Upstash going away is in rate-limit.test.ts.
import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testBackend } from "../support/databases";
import { canRunPrivatePostgres, startPrivatePostgres, type PrivatePostgres } from "../support/private-postgres";
import { startServer, type PrivateServer, type TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { json } from "../support/responses";
import { newKey } from "../support/accounts";

const entriesPath = "/api/v1/worklog/entries";
const unavailableBody = { error: { message: "Something went wrong. Please try again later.", type: "internal_error" } };
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What one request of the traffic got: a response, or the error fetch threw (a reset, a hang). */
type Outcome = { status: number; body: string; requestId: string | null } | { failure: string };

/**
 * Keeps `inFlight` requests in flight, each client sending `send(n)` for n = 0, 1, 2… until
 * stopped. A request that gets no answer within `answerWithinMs` counts as a failure, not a wait.
 */
function startTraffic(send: (n: number, signal: AbortSignal) => Promise<Response>, { inFlight = 20, answerWithinMs = 15_000 } = {}) {
  const outcomes: Outcome[] = [];
  let running = true;
  const clients = Array.from({ length: inFlight }, async (_, client) => {
    for (let n = client; running; n += inFlight) {
      try {
        const response = await send(n, AbortSignal.timeout(answerWithinMs));
        outcomes.push({ status: response.status, body: await response.text(), requestId: response.headers.get("x-request-id") });
      } catch (error) {
        outcomes.push({ failure: `${(error as Error).name}: ${(error as Error).message} ${(error as { cause?: Error }).cause?.message ?? ""}` });
      }
    }
  });
  const count = (status: number) => outcomes.filter((outcome) => "status" in outcome && outcome.status === status).length;
  return {
    outcomes,
    count,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** Everything but a success or the contract's 503 (with its request id), counted by kind. */
function unexpectedOutcomes(outcomes: Outcome[]): Record<string, number> {
  const unexpected: Record<string, number> = {};
  for (const outcome of outcomes) {
    if ("status" in outcome) {
      if (outcome.status >= 200 && outcome.status < 300) continue;
      if (outcome.status === 503 && outcome.body === JSON.stringify(unavailableBody) && uuidPattern.test(outcome.requestId ?? "")) continue;
    }
    const kind = "status" in outcome ? `${outcome.status} ${outcome.body.slice(0, 200)}` : outcome.failure;
    unexpected[kind] = (unexpected[kind] ?? 0) + 1;
  }
  return unexpected;
}

/** The server is ready again, and the traffic gets 40 more successes. */
async function expectRecovery(server: PrivateServer, traffic: ReturnType<typeof startTraffic>) {
  await vi.waitFor(async () => expect((await server.request("/api/health")).status).toBe(200), { timeout: 30_000, interval: 200 });
  const successesBefore = traffic.count(200) + traffic.count(201);
  await vi.waitFor(() => expect(traffic.count(200) + traffic.count(201)).toBeGreaterThanOrEqual(successesBefore + 40), { timeout: 30_000 });
}

/** Lines of the server's output that tell of an error nothing caught. */
const uncaughtErrors = (logs: string) => logs.split("\n").filter((line) => /unhandled|uncaught/i.test(line));

/**
 * Stopping PostgreSQL takes a cluster of our own (the machine's serves every other test), which
 * takes root to run as the postgres user; CI has it, so there it is never skipped.
 */
const privatePostgres = testBackend() === "postgres" && (Boolean(process.env.CI) || (await canRunPrivatePostgres()));

describe.runIf(privatePostgres)("PostgreSQL stopped during traffic", () => {
  let cluster: PrivatePostgres;
  let server: PrivateServer;
  let key: string;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    server = await startServer({ backend: "postgres", env: { DATABASE_URL: cluster.url, RATE_LIMIT_PER_MINUTE: "1000000" } });
    key = await newKey(server);
  });

  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it.each(["fast", "immediate"] as const)(
    "answers 503 with the contract's body while it is down (%s stop), and recovers without a restart",
    async (mode) => {
      const entry = await json<{ id: string; url: string }>(server.request(entriesPath, { key, method: "POST", body: { content: "before" } }), 201);
      // Reads and writes, in turn.
      const traffic = startTraffic((n, signal) => {
        switch (n % 4) {
          case 0:
            return server.request(entriesPath, { key, signal });
          case 1:
            return server.request(entriesPath, { key, method: "POST", body: { content: `entry ${n}` }, signal });
          case 2:
            return server.request(entry.url, { key, method: "PUT", body: { tags: [`n${n}`] }, signal });
          default:
            return server.request("/api/v1/user", { key, signal });
        }
      });
      try {
        await vi.waitFor(() => expect(traffic.count(200) + traffic.count(201)).toBeGreaterThanOrEqual(40), { timeout: 30_000 });
        await cluster.stop(mode);
        await vi.waitFor(() => expect(traffic.count(503)).toBeGreaterThanOrEqual(40), { timeout: 30_000 });

        expect((await server.request("/api/live")).status).toBe(200);
        const health = await server.request("/api/health");
        expect(health.status).toBe(503);
        expect(await health.json()).toEqual({ status: "unavailable", database: "unreachable" });

        await cluster.start();
        await expectRecovery(server, traffic);
      } finally {
        await traffic.stop();
      }
      expect(unexpectedOutcomes(traffic.outcomes)).toEqual({});

      // The same process serves reads and writes again.
      const written = await json<{ id: string }>(server.request(entriesPath, { key, method: "POST", body: { content: `after ${mode}` } }), 201);
      expect((await json<{ content: string }>(server.request(`${entriesPath}/${written.id}`, { key }), 200)).content).toBe(`after ${mode}`);
      expect(uncaughtErrors(await server.logs())).toEqual([]);
    },
    180_000,
  );
});

describe.runIf(privatePostgres)("PostgreSQL frozen during traffic (accepting connections, answering nothing)", () => {
  const queryTimeoutMs = 1_500;
  let cluster: PrivatePostgres;
  let server: PrivateServer;
  let key: string;

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    server = await startServer({
      backend: "postgres",
      env: { DATABASE_URL: cluster.url, DATABASE_QUERY_TIMEOUT_MS: String(queryTimeoutMs), RATE_LIMIT_PER_MINUTE: "1000000" },
    });
    key = await newKey(server);
  });

  afterAll(async () => {
    await server?.stop();
    await cluster?.destroy();
  });

  it("answers 503 with the contract's body within the query timeout, and recovers when it thaws", async () => {
    // Connections in the pool, mid-conversation, and new ones: every request must end in an answer.
    const traffic = startTraffic(
      (n, signal) =>
        n % 2 === 0
          ? server.request(entriesPath, { key, signal })
          : server.request(entriesPath, { key, method: "POST", body: { content: `entry ${n}` }, signal }),
      { inFlight: 10, answerWithinMs: 15_000 },
    );
    try {
      await vi.waitFor(() => expect(traffic.count(200) + traffic.count(201)).toBeGreaterThanOrEqual(40), { timeout: 30_000 });
      await cluster.freeze();
      // A query waits for its answer for the timeout (one that first waits for a connection, 5 s
      // more at most), then the request is answered: the signal only turns a hang into an error.
      const lone = await server.request("/api/v1/user", { key, signal: AbortSignal.timeout(60_000) });
      expect(lone.status).toBe(503);
      expect(await lone.json()).toEqual(unavailableBody);
      await vi.waitFor(() => expect(traffic.count(503)).toBeGreaterThanOrEqual(20), { timeout: 30_000 });

      await cluster.thaw();
      await expectRecovery(server, traffic);
    } finally {
      await cluster.thaw();
      await traffic.stop();
    }
    expect(unexpectedOutcomes(traffic.outcomes)).toEqual({});
    expect(uncaughtErrors(await server.logs())).toEqual([]);
  }, 120_000);
});

// On the shared server whose recaps are written piece by piece (RECAP_DELTA_DELAY_MS), so that
// streams are left while a recap is being written. Other files use it meanwhile: what a test
// reads of its output is what was printed since the test began.
describe("a running server", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await sharedServer("recaps");
  });

  const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

  /** How much the server has printed: the start of what a test then checks (expectHealthy). */
  const outputSoFar = async () => (await server.logs()).length;

  /** The server answers and is ready, and has told of no error since `since` (outputSoFar). */
  async function expectHealthy(key: string, since: number) {
    expect((await server.request("/api/live")).status).toBe(200);
    expect((await server.request("/api/health")).status).toBe(200);
    expect((await server.request("/api/v1/user", { key })).status).toBe(200);
    const errors = (await server.logs())
      .slice(since)
      .split("\n")
      .filter((line) => /unhandled|uncaught|\[api\] request .* failed|\[sse\]/i.test(line));
    expect(errors).toEqual([]);
  }

  describe("clients leaving an event stream", () => {
    type OpenStream = { received: () => string; leave: () => void };

    /** Opens a stream with a raw HTTP request and reads it until `enough` says so. */
    function openStream(key: string, pathname: string, enough: (received: string) => boolean): Promise<OpenStream> {
      return new Promise((resolve, reject) => {
        let received = "";
        const request = http.get(`${server.url}${pathname}`, { headers: { authorization: basic(key) } }, (response) => {
          if (response.statusCode !== 200) reject(new Error(`the stream answered ${response.statusCode}`));
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            received += chunk;
            if (enough(received)) resolve({ received: () => received, leave: () => request.destroy() });
          });
          // Leaving aborts the response: nothing more to read.
          response.on("error", () => undefined);
        });
        request.on("error", reject);
      });
    }

    /** Asks for one more stream of the account: 200 while it has a slot free (5 per account), else 429. */
    async function askForStream(key: string): Promise<{ status: number; leave: () => void }> {
      const controller = new AbortController();
      const response = await fetch(`${server.url}/api/v1/worklog/recaps/sse`, { headers: { authorization: basic(key) }, signal: controller.signal });
      if (response.status !== 200) await response.body?.cancel();
      return { status: response.status, leave: () => controller.abort() };
    }

    /**
     * Waits until the account holds `count` more streams: slots come back only once the streams
     * that held them have ended in the server, their reading of the database stopped
     * (lib/api/sse.ts releases a stream's slot after its source has ended). The streams taken
     * are kept between tries, and left at the end.
     */
    async function expectSlotsFreed(key: string, count: number) {
      const taken: { leave: () => void }[] = [];
      try {
        await vi.waitFor(
          async () => {
            while (taken.length < count) {
              const stream = await askForStream(key);
              if (stream.status !== 200) throw new Error(`a slot is still taken: ${stream.status} with ${taken.length} of ${count} taken`);
              taken.push(stream);
            }
          },
          { timeout: 30_000, interval: 100 },
        );
      } finally {
        for (const stream of taken) stream.leave();
      }
    }

    async function accountWithEntries() {
      const key = await newKey(server);
      for (const content of ["Wrote the parser", "Reviewed the **API**", "Fixed the build"]) {
        await json(server.request(entriesPath, { key, method: "POST", body: { content, tags: ["work"] } }), 201);
      }
      return key;
    }

    const startRecap = async (key: string) => (await json<{ id: string }>(server.request("/api/v1/worklog/recaps", { key, method: "POST" }), 201)).id;

    const connected = (received: string) => received.startsWith(": connected");

    it("stop serving a client that leaves, and give its slot back", async () => {
      const since = await outputSoFar();
      const key = await accountWithEntries();
      const stream = await openStream(key, "/api/v1/worklog/recaps/sse", connected);
      const recapId = await startRecap(key);
      await vi.waitFor(() => expect(stream.received()).toContain(`"recap_id":"${recapId}","status":"processing","delta":`), { timeout: 30_000 });
      await vi.waitFor(() => expect(stream.received()).toContain('"status":"completed"'), { timeout: 30_000 });
      // The observation can fail: while the client stays, its stream holds one of the account's 5 slots.
      const others = await Promise.all(Array.from({ length: 4 }, () => askForStream(key)));
      expect(others.map((other) => other.status)).toEqual([200, 200, 200, 200]);
      expect((await askForStream(key)).status).toBe(429);

      stream.leave();
      await expectSlotsFreed(key, 1);
      for (const other of others) other.leave();
      await expectHealthy(key, since);
    });

    it("leave the server healthy when 50 of them leave at once", async () => {
      const since = await outputSoFar();
      // 10 accounts with 5 streams each, the most an account may hold.
      const accounts = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const key = await accountWithEntries();
          return { key, recapId: await startRecap(key) };
        }),
      );
      // Half follow the recap and leave at its first event; half follow the account and leave once
      // connected (the recap may be finished before they are, and then they get no event).
      const streams = await Promise.all(
        Array.from({ length: 50 }, (_, i) => {
          const { key, recapId } = accounts[Math.floor(i / 5)]!;
          return i % 2
            ? openStream(key, `/api/v1/worklog/recaps/sse?recap_id=${recapId}`, (received) => received.includes("data: "))
            : openStream(key, "/api/v1/worklog/recaps/sse", connected);
        }),
      );
      for (const stream of streams) stream.leave();
      for (const { key, recapId } of accounts) {
        await vi.waitFor(
          async () => expect((await json<{ status: string }>(server.request(`/api/v1/worklog/recaps/${recapId}`, { key }), 200)).status).toBe("completed"),
          { timeout: 30_000, interval: 200 },
        );
        await expectSlotsFreed(key, 5);
      }
      await expectHealthy(accounts[0]!.key, since);
    }, 240_000); // ten accounts with their entries and recaps, and a hundred streams
  });

  describe("a slow request body", () => {
    type SlowRequest = { send: (text: string) => Promise<void>; finish: () => Promise<{ status: number; body: string }>; hangUp: () => void };

    /** Sends a request's headers at once, then its body whenever `send` is called, a few bytes at a time. */
    function slowRequest(key: string, method: string, pathname: string, contentLength: number): SlowRequest {
      let answered: (value: { status: number; body: string }) => void;
      let failed: (error: Error) => void;
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        answered = resolve;
        failed = reject;
      });
      const request = http.request(`${server.url}${pathname}`, {
        method,
        headers: { authorization: basic(key), "content-type": "application/json", "content-length": contentLength },
      });
      request.setNoDelay(true);
      request.flushHeaders();
      request.on("response", async (response) => {
        let body = "";
        for await (const chunk of response) body += chunk;
        answered({ status: response.statusCode!, body });
      });
      request.on("error", (error) => failed(error));
      answer.catch(() => undefined);
      return {
        async send(text) {
          const bytes = Buffer.from(text);
          for (let offset = 0; offset < bytes.length; offset += 3) {
            request.write(bytes.subarray(offset, offset + 3));
            await sleep(5);
          }
        },
        finish: () => {
          request.end();
          return answer;
        },
        hangUp: () => request.destroy(),
      };
    }

    const entryCount = async (key: string) =>
      (await json<{ meta: { total_count: number } }>(server.request(`${entriesPath}?limit=1`, { key }), 200)).meta.total_count;

    it("is parsed when it has all arrived, while other requests are served meanwhile", async () => {
      const key = await newKey(server);
      // Three bytes at a time split the multi-byte characters between pieces.
      const entry = { content: "Slow 🐢 and steady — ünïcödé, 漢字", tags: ["slow"], duration_seconds: 90 };
      const body = JSON.stringify(entry);
      const request = slowRequest(key, "POST", entriesPath, Buffer.byteLength(body));
      await request.send(body.slice(0, 20));

      const others = await Promise.all(Array.from({ length: 5 }, () => server.request("/api/v1/user", { key })));
      expect(others.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);

      await request.send(body.slice(20));
      const { status, body: answer } = await request.finish();
      expect(status, answer).toBe(201);
      expect(JSON.parse(answer)).toMatchObject(entry);
      expect(await entryCount(key)).toBe(1);
    });

    it("that stops halfway and hangs up writes nothing and leaves the server healthy", async () => {
      const since = await outputSoFar();
      const key = await newKey(server);
      const { id } = await json<{ id: string }>(server.request(entriesPath, { key, method: "POST", body: { content: "kept" } }), 201);
      const writes = [
        { method: "POST", pathname: entriesPath },
        { method: "PUT", pathname: `${entriesPath}/${id}` },
      ];
      const requests = Array.from({ length: 50 }, (_, i) => {
        const body = JSON.stringify({ content: `never finished ${i}`, tags: ["lost"] });
        const { method, pathname } = writes[i % 2]!;
        return { request: slowRequest(key, method, pathname, Buffer.byteLength(body)), body };
      });
      await Promise.all(requests.map(({ request, body }) => request.send(body.slice(0, body.length / 2))));
      // Meanwhile, others are served.
      expect((await server.request("/api/v1/user", { key })).status).toBe(200);
      for (const { request } of requests) request.hangUp();

      await expectHealthy(key, since);
      expect(await entryCount(key)).toBe(1);
      expect(await json<{ content: string; tags: string[] }>(server.request(`${entriesPath}/${id}`, { key }), 200)).toMatchObject({
        content: "kept",
        tags: [],
      });
    });
  });

  describe("concurrent writes to one entry", () => {
    type Entry = { id: string; url: string; commit_ids: string[] };

    async function newCommits(key: string, count: number): Promise<string[]> {
      const repository = await json<{ id: string }>(server.request("/api/v1/repositories", { key, method: "POST", body: { name: "app" } }), 201);
      const commits = Array.from({ length: count }, (_, i) => ({
        sha: i.toString(16).padStart(40, "c"),
        message: `Commit ${i}`,
        committed_at: "2026-01-01T12:00:00Z",
      }));
      const created = await json<{ commits: { id: string }[] }>(
        server.request(`/api/v1/repositories/${repository.id}/commits`, { key, method: "POST", body: { commits } }),
        201,
      );
      return created.commits.map((commit) => commit.id);
    }

    /** Status counts of responses. */
    const statuses = (responses: Response[]) => {
      const counts: Record<number, number> = {};
      for (const response of responses) counts[response.status] = (counts[response.status] ?? 0) + 1;
      return counts;
    };

    it("keep every field's value when each request changes a different field", async () => {
      const key = await newKey(server);
      const project = await json<{ id: string }>(server.request("/api/v1/projects", { key, method: "POST", body: { name: "Website" } }), 201);
      for (let round = 0; round < 5; round++) {
        const entry = await json<Entry>(server.request(entriesPath, { key, method: "POST", body: { content: "first draft" } }), 201);
        const changes = [
          { content: `final words ${round}` },
          { tags: ["deploy", `round${round}`] },
          { duration_seconds: 1800 + round },
          { project_id: project.id },
          { recorded_at: `2026-02-0${round + 1}T08:30:00.000Z` },
        ];
        const responses = await Promise.all(changes.map((body) => server.request(entry.url, { key, method: "PUT", body })));
        expect(statuses(responses)).toEqual({ 200: changes.length });
        expect(await json<Entry>(server.request(entry.url, { key }), 200)).toMatchObject(Object.assign({}, ...changes));
      }
    });

    it("attach every commit when attachments to one entry race", async () => {
      const key = await newKey(server);
      const commitIds = await newCommits(key, 12);
      const entry = await json<Entry>(server.request(entriesPath, { key, method: "POST", body: { content: "many commits" } }), 201);
      // Overlapping sets: every commit is attached by two requests at once.
      const sets = Array.from({ length: 6 }, (_, i) => [commitIds[2 * i]!, commitIds[2 * i + 1]!, commitIds[(2 * i + 2) % 12]!]);
      const responses = await Promise.all(sets.map((commit_ids) => server.request(`${entry.url}/commits`, { key, method: "POST", body: { commit_ids } })));
      expect(statuses(responses)).toEqual({ 200: sets.length });
      expect((await json<Entry>(server.request(entry.url, { key }), 200)).commit_ids).toEqual([...commitIds].sort());
    });

    it("answer 200 or 404, never an error, when the entry is deleted meanwhile", async () => {
      const since = await outputSoFar();
      const key = await newKey(server);
      const commitIds = await newCommits(key, 3);
      for (let round = 0; round < 10; round++) {
        const entry = await json<Entry>(server.request(entriesPath, { key, method: "POST", body: { content: "doomed" } }), 201);
        const racing = [
          server.request(entry.url, { key, method: "PUT", body: { content: "still here?", tags: ["race"] } }),
          server.request(`${entry.url}/commits`, { key, method: "POST", body: { commit_ids: commitIds } }),
          server.request(entry.url, { key, method: "DELETE" }),
          server.request(entry.url, { key, method: "PUT", body: { duration_seconds: 60 } }),
        ];
        const [update, attach, deletion, secondUpdate] = await Promise.all(racing);
        expect(deletion!.status).toBe(200);
        for (const [name, response] of Object.entries({ update, attach, secondUpdate })) {
          expect([200, 404], `${name}: ${response!.status} ${await response!.text()}`).toContain(response!.status);
        }
        expect((await server.request(entry.url, { key })).status).toBe(404);
      }
      await expectHealthy(key, since);
    });
  });
});
