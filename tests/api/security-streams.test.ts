import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { accountRequests, allScopes, newAccount } from "../support/accounts";
import type { TestServer } from "../support/server";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { readEvents } from "../support/sse";
import { signInWithPassword } from "../support/web-session";

let server: TestServer;

beforeAll(async () => {
  // Its streams check their credentials again every 200 ms (server-configs.ts), not every 5 s.
  server = await sharedServer("recaps");
});

const { call, created, seedAccount } = accountRequests(() => server);

describe("event streams are bounded", () => {
  const streamsPath = "/api/v1/worklog/recaps/sse";
  const tooManyStreamsBody = { error: { message: "Too many open event streams", type: "rate_limit_error" } };
  /** Many times the 200 ms within which the server re-checks a stream's credential (SSE_CREDENTIAL_CHECK_MS): a bound against a hang. */
  const CREDENTIAL_CHECK_BUDGET_MS = 20_000;

  type OpenStream = { response: Response; close: () => void };
  /** Every stream a test opened: closed after it, so that a failed test leaves none to stop a server. */
  const opened: OpenStream[] = [];

  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });

  /** Opens a stream; once it answers 200 its first bytes have arrived, so the server holds it. */
  async function open(target: TestServer, pathname: string, headers: Record<string, string>): Promise<OpenStream> {
    const controller = new AbortController();
    const response = await fetch(`${target.url}${pathname}`, { headers, signal: controller.signal });
    const stream = { response, close: () => controller.abort() };
    opened.push(stream);
    return stream;
  }

  const withKey = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` });

  async function expectTooMany(stream: OpenStream) {
    expect(stream.response.status).toBe(429);
    expect(Number(stream.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await stream.response.json()).toEqual(tooManyStreamsBody);
  }

  /** A session cookie of the web app, signed in through next-auth's credentials form, from a client address of its own. */
  async function sessionCookie(target: TestServer, email: string, password: string): Promise<string> {
    const { session } = await signInWithPassword(target.url, email, password, uniqueClientAddress());
    if (!session) throw new Error("signing in failed");
    return session;
  }

  /** Whether the server ends the stream within the budget (true) or it is still open then (false). */
  async function closedByServerWithin(stream: OpenStream, budgetMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const stillOpen = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), budgetMs)));
    const reading = readEvents(stream.response).then(({ closedByServer }) => closedByServer);
    const closed = await Promise.race([reading, stillOpen]);
    clearTimeout(timer);
    stream.close();
    return closed;
  }

  it("an account holds at most 5, the API's and the web app's together; closing one frees its slot", async () => {
    const { email, password, key } = await newAccount(server, { plan: "pro" });
    const recap = (await seedAccount(key)).recap;
    const cookie = await sessionCookie(server, email, password);
    const streams = await Promise.all(Array.from({ length: 5 }, () => open(server, streamsPath, withKey(key))));
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200, 200, 200]);

    const sixth = await open(server, streamsPath, withKey(key));
    await expectTooMany(sixth);
    expect(sixth.response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await expectTooMany(await open(server, `/recaps/${recap}/events`, { cookie }));
    // Another account is not affected.
    const other = await newAccount(server, { plan: "pro" });
    const othersStream = await open(server, streamsPath, withKey(other.key));
    expect(othersStream.response.status).toBe(200);
    othersStream.close();

    streams.pop()!.close();
    // The web app's stream of a finished recap: its one event, then the server closes it.
    await vi.waitFor(
      async () => {
        const web = await open(server, `/recaps/${recap}/events`, { cookie });
        if (web.response.status !== 200) await web.response.body?.cancel();
        expect(web.response.status).toBe(200);
        const { events, closedByServer } = await readEvents(web.response);
        expect(closedByServer).toBe(true);
        expect(events.map((event) => event.data.status)).toEqual(["completed"]);
      },
      { timeout: 10_000, interval: 100 },
    );
    for (const stream of streams) stream.close();
  }, 60_000);

  it("a process holds at most SSE_MAX_STREAMS, whatever the accounts", async () => {
    // Its own configuration (SSE_MAX_STREAMS=3), which no other file uses: nobody else holds a slot.
    const limited = await sharedServer("fewStreams");
    const [first, second, third] = [
      await newAccount(limited, { plan: "pro" }),
      await newAccount(limited, { plan: "pro" }),
      await newAccount(limited, { plan: "pro" }),
    ];
    const streams = [
      await open(limited, streamsPath, withKey(first.key)),
      await open(limited, streamsPath, withKey(first.key)),
      await open(limited, streamsPath, withKey(second.key)),
    ];
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200]);
    await expectTooMany(await open(limited, streamsPath, withKey(third.key)));
    streams[0]!.close();
    await vi.waitFor(
      async () => {
        const stream = await open(limited, streamsPath, withKey(third.key));
        if (stream.response.status !== 200) await stream.response.body?.cancel();
        expect(stream.response.status).toBe(200);
      },
      { timeout: 10_000, interval: 100 },
    );
  }, 120_000);

  it("a stream closes once its key is revoked; the account's other streams go on delivering", async () => {
    const { email, key } = await newAccount(server, { plan: "pro" });
    const otherKey = await server.createKey(email, allScopes);
    await created(otherKey, "/api/v1/worklog/entries", { content: "Worked on the streams" });
    const revoked = await open(server, streamsPath, withKey(key));
    const staying = await open(server, streamsPath, withKey(otherKey));
    expect([revoked.response.status, staying.response.status]).toEqual([200, 200]);

    expect((await server.admin("key:revoke", "--email", email, "--prefix", key.slice(0, 8))).exitCode).toBe(0);
    expect(await closedByServerWithin(revoked, CREDENTIAL_CHECK_BUDGET_MS)).toBe(true);

    const reading = readEvents(staying.response, (events) => events.some((event) => event.data.status === "completed"));
    const recap = await created(otherKey, "/api/v1/worklog/recaps", {});
    const { events } = await reading;
    const own = events.filter((event) => event.data.recap_id === recap.id);
    expect(own.at(-1)!.data.status).toBe("completed");
    expect(
      own
        .slice(0, -1)
        .map((event) => event.data.delta)
        .join(""),
    ).toBe(own.at(-1)!.data.content);
    staying.close();
  }, 60_000);

  it("a stream closes once its account is deleted", async () => {
    const { key } = await newAccount(server, { plan: "pro" });
    const stream = await open(server, streamsPath, withKey(key));
    expect(stream.response.status).toBe(200);
    expect((await call(key, "DELETE", "/api/v1/user")).status).toBe(200);
    expect(await closedByServerWithin(stream, CREDENTIAL_CHECK_BUDGET_MS)).toBe(true);
  }, 60_000);

  it("five streams of one account all get the same events", async () => {
    const { key } = await newAccount(server, { plan: "pro" });
    await created(key, "/api/v1/worklog/entries", { content: "Wrote the hub" });
    const streams = await Promise.all(Array.from({ length: 5 }, () => open(server, streamsPath, withKey(key))));
    const readings = streams.map((stream) => readEvents(stream.response, (events) => events.some((event) => event.data.status === "completed")));
    await created(key, "/api/v1/worklog/recaps", {});
    const received = await Promise.all(readings);
    for (const { events } of received.slice(1)) expect(events).toEqual(received[0]!.events);
    for (const stream of streams) stream.close();
  }, 60_000);
});
