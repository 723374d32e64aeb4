// Worklog behind Debian's nginx configured by docs/deploy/nginx.conf (README.md, "Behind nginx"):
// the client address, the links, event streams and a large import as a client of nginx sees them.
// The requests go to nginx over TLS as a browser at worklog.example.com sends them, with a test
// certificate that fetch cannot be told to trust: they go through node:https, unchecked by the
// OpenAPI document (the other files check the same answers against it).
import { randomBytes, randomUUID } from "node:crypto";
import { get, type IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyOf, connectionRelay, nginxInstalled, PROXIED_HOST, startNginx, type Relay, type RunningNginx } from "../support/nginx";
import { RawConnection } from "../support/raw-http";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { readEvents, type ReceivedEvent } from "../support/sse";
import { accountWithRecap } from "../support/recap-account";

const missing = !nginxInstalled();
if (missing && !process.env.CI) console.warn("tests/api/nginx.test.ts is skipped: /usr/sbin/nginx is not installed (apt-get install nginx)");

/** An address of 127.0.0.0/8 of this run's own: every one of them is this machine on Linux. */
const loopbackAddress = () => `127.${[...randomBytes(3)].map((byte) => Math.max(2, byte) % 255).join(".")}`;

/** A stream must not hang the run: this only guards against that. */
const hangBound = <T>(promise: Promise<T>, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} within 15 s`)), 15_000))]);

describe.skipIf(missing && !process.env.CI)("Worklog behind nginx (docs/deploy/nginx.conf)", () => {
  let server: TestServer;
  let relay: Relay;
  let nginx: RunningNginx;
  let authorization: string;
  let recapId: string;
  /** This file's client address at nginx: the limits counted per address never meet another file's. */
  const ownAddress = loopbackAddress();
  const send = (pathname: string, options: Parameters<RunningNginx["request"]>[1] = {}) =>
    nginx.request(pathname, { localAddress: ownAddress, ...options, headers: { authorization, ...options.headers } });
  const json = async (response: Promise<IncomingMessage>) => {
    const answered = await response;
    const text = await bodyOf(answered);
    return { status: answered.statusCode, headers: answered.headers, text, body: text.startsWith("{") ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    if (missing) throw new Error("/usr/sbin/nginx is not installed: .ci/run installs it (apt-get install nginx)");
    // ALLOWED_HOSTS=worklog.example.com: links may name the host nginx serves (lib/public-origin.ts).
    server = await sharedServer("allowedHost");
    relay = await connectionRelay(server.url);
    nginx = await startNginx(relay.address);
    const account = await accountWithRecap(server, ["worklog:*", "user:read", "project:write", "repo:write"], "Proxied the recap");
    authorization = `Bearer ${account.key}`;
    recapId = account.recapId;
  });

  afterAll(async () => {
    await nginx?.stop();
    await relay?.stop();
  });

  it("answers /api/health", async () => {
    const health = await json(send("/api/health"));
    expect(health.status, health.text).toBe(200);
    expect(health.body).toEqual({ status: "ok", database: "ok" });
  });

  it("sends plain HTTP to HTTPS", async () => {
    const response = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${nginx.httpUrl}/api/health`, { headers: { host: PROXIED_HOST } }, resolve).once("error", reject),
    );
    response.resume();
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(`https://${PROXIED_HOST}/api/health`);
  });

  it("counts failed authentications against the address nginx saw, not one the client wrote in X-Forwarded-For", async () => {
    const wrong = { authorization: "Bearer wl_wrong" };
    const statuses: (number | undefined)[] = [];
    // 121 attempts span at most two one-minute windows, so one of them holds more than 60.
    for (let attempt = 0; attempt < 121 && !statuses.includes(429); attempt++) {
      const forged = `2001:db8::${randomUUID().slice(0, 4)}`;
      statuses.push((await json(send("/api/v1/user", { headers: { ...wrong, "x-forwarded-for": forged } }))).status);
    }
    expect(statuses).toContain(429);
    const elsewhere = await json(nginx.request("/api/v1/user", { headers: wrong, localAddress: loopbackAddress() }));
    expect(elsewhere.status).toBe(401);
  });

  it("builds links from the host and scheme the client asked nginx for", async () => {
    const document = await json(send("/api/v1/openapi.json"));
    expect(document.status).toBe(200);
    expect(document.body.servers).toEqual([{ url: `https://${PROXIED_HOST}` }]);
  });

  it("delivers an event stream's first event while the stream is open", async () => {
    // Bounded too: a buffering nginx holds back even the stream's head.
    const stream = await hangBound(send("/api/v1/worklog/recaps/sse"), "the stream did not open through nginx");
    try {
      expect(stream.statusCode).toBe(200);
      const entry = await json(
        send("/api/v1/worklog/entries", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ content: "Streamed through nginx", recorded_at: "2026-11-21T10:00:00Z" }),
        }),
      );
      expect(entry.status, entry.text).toBe(201);
      const started = await json(
        send("/api/v1/worklog/recaps", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ from: "2026-11-21", to: "2026-11-21" }),
        }),
      );
      expect(started.status, started.text).toBe(201);
      // The account's stream ends only when its client leaves: an event held back by nginx until then never comes.
      // (The recap of beforeAll may still be in progress: its events may come first.)
      const ofStarted = (event: ReceivedEvent) => event.data.recap_id === started.body.id;
      const { events, closedByServer } = await hangBound(
        readEvents(new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>), (events) => events.some(ofStarted)),
        "no event came through nginx",
      );
      expect(closedByServer).toBe(false);
      expect(events.find(ofStarted)!.data).toMatchObject({ recap_id: started.body.id, status: expect.any(String) });
    } finally {
      stream.destroy();
    }
  });

  /** The streams that end by themselves once their one answer is sent (tests/api/stream-connections.test.ts), as sent on a connection to nginx. */
  const streams = {
    "the recap event stream": {
      send: (connection: RawConnection, headers: Record<string, string>) =>
        connection.send("GET", `/api/v1/worklog/recaps/sse?recap_id=${recapId}`, { authorization, ...headers }),
      upstreamLine: "GET /api/v1/worklog/recaps/sse?recap_id=",
      ended: '"status":"completed"',
    },
    "an MCP call with progress": {
      send: (connection: RawConnection, headers: Record<string, string>) =>
        connection.send(
          "POST",
          "/api/mcp",
          { authorization, "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
          JSON.stringify({
            jsonrpc: "2.0",
            id: 7,
            method: "tools/call",
            params: { name: "search_worklog", arguments: { q: "proxied" }, _meta: { progressToken: "p" } },
          }),
        ),
      upstreamLine: "POST /api/mcp ",
      ended: '"structuredContent"',
    },
  };

  describe.each(Object.entries(streams))("%s", (_name, stream) => {
    const open = () => RawConnection.open(nginx.httpsUrl, { ca: nginx.ca, servername: PROXIED_HOST });

    it("ends the client's connection with the stream when it said Connection: close", async () => {
      const connection = await open();
      try {
        stream.send(connection, { connection: "close" });
        const response = await connection.response();
        expect(response.status, response.body).toBe(200);
        expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
        expect(response.headers.connection).toBe("close");
        expect(response.body).toContain(stream.ended);
        await hangBound(connection.closed, "nginx did not close the connection");
      } finally {
        connection.close();
      }
    });

    it("answers the next requests on the kept-alive connection, and on nginx's connection to the server that carried the stream", async () => {
      const connection = await open();
      try {
        stream.send(connection, {});
        const streamed = await connection.response();
        expect(streamed.status, streamed.body).toBe(200);
        expect(streamed.body).toContain(stream.ended);
        const streamedOn = relay.requests.findLast(({ line }) => line.startsWith(stream.upstreamLine))!.connection;
        const sentBefore = relay.requests.length;

        for (let request = 0; request < 3; request++) {
          connection.send("GET", "/api/v1/user", { authorization });
          const next = await connection.response();
          expect(next.status, next.body).toBe(200);
          expect(JSON.parse(next.body)).toMatchObject({ email: expect.stringContaining("@") });
        }
        // nginx takes the connection it freed last: the stream's, which the server left ready.
        const after = relay.requests.slice(sentBefore);
        expect(after.map(({ connection }) => connection)).toEqual([streamedOn, streamedOn, streamedOn]);
      } finally {
        connection.close();
      }
    });
  });

  it("passes a 50 MiB import", async () => {
    const document = '{"format":"worklog-export","version":1,"projects":[],"repositories":[],"commits":[],"entries":[]';
    // Whitespace is JSON too: the document is 50 MiB without 50 MiB of items to write.
    const body = Buffer.alloc(50 * 1024 * 1024, " ");
    body.write(document);
    body.write("}", body.length - 1);
    const imported = await json(send("/api/v1/import", { method: "POST", headers: { "content-type": "application/json" }, body }));
    expect(imported.status, imported.text).not.toBe(413);
    expect([200, 202], imported.text).toContain(imported.status);
  });
});
