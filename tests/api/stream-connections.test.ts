// What the routes that stream (the recap event stream, an MCP call that asks for progress) do with
// the connection they answer on, seen on a raw socket as a proxy holds it: `Connection: close` is
// honoured once the stream has ended, and a kept-alive connection serves the next request.
import { beforeAll, describe, expect, it } from "vitest";
import { RawConnection, type RawResponse } from "../support/raw-http";
import type { TestServer } from "../support/server";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";
import { accountWithRecap } from "../support/recap-account";

let server: TestServer;
let authorization: string;
let recapId: string;
/** Every request of this file comes from its own address behind the trusted proxy, like server.request's. */
const clientAddress = uniqueClientAddress();

beforeAll(async () => {
  server = await sharedServer("standard");
  const account = await accountWithRecap(server, ["worklog:*", "user:read"], "Streamed the recap");
  authorization = `Bearer ${account.key}`;
  recapId = account.recapId;
});

/** The streams: each request ends by itself once its one answer (the recap's end, the tool's result) is sent. */
const streams = {
  "the recap event stream": {
    send: (connection: RawConnection, headers: Record<string, string>) =>
      connection.send("GET", `/api/v1/worklog/recaps/sse?recap_id=${recapId}`, { authorization, "x-forwarded-for": clientAddress, ...headers }),
    lastEvent: (response: RawResponse) => lastData(response) as { recap_id?: string; status?: string },
    ended: (event: unknown) => expect(event).toMatchObject({ recap_id: recapId, status: "completed" }),
  },
  "an MCP call with progress": {
    send: (connection: RawConnection, headers: Record<string, string>) =>
      connection.send(
        "POST",
        "/api/mcp",
        { authorization, "x-forwarded-for": clientAddress, "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
        JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: { name: "search_worklog", arguments: { q: "streamed" }, _meta: { progressToken: "p" } },
        }),
      ),
    lastEvent: lastData,
    ended: (event: unknown) => expect(event).toMatchObject({ jsonrpc: "2.0", id: 7, result: { structuredContent: expect.anything() } }),
  },
};

/** The `data:` of the stream's last event. */
function lastData(response: RawResponse): unknown {
  const data = response.body.match(/^data: .*$/gm) ?? [];
  expect(data.length, response.body).toBeGreaterThan(0);
  return JSON.parse(data.at(-1)!.slice("data: ".length));
}

describe.each(Object.entries(streams))("%s", (_name, stream) => {
  it("honours Connection: close: the connection ends with the stream", async () => {
    const connection = await RawConnection.open(server.url);
    try {
      stream.send(connection, { connection: "close" });
      const response = await connection.response();
      expect(response.status, response.body).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(response.headers.connection).toBe("close");
      stream.ended(stream.lastEvent(response));
      await connection.closed;
    } finally {
      connection.close();
    }
  });

  it("leaves a kept-alive connection ready for the next request", async () => {
    const connection = await RawConnection.open(server.url);
    try {
      stream.send(connection, {});
      const streamed = await connection.response();
      expect(streamed.status, streamed.body).toBe(200);
      expect(streamed.headers.connection).not.toBe("close");
      stream.ended(stream.lastEvent(streamed));

      connection.send("GET", "/api/v1/user", { authorization, "x-forwarded-for": clientAddress, connection: "close" });
      const next = await connection.response();
      expect(next.status, next.body).toBe(200);
      expect(JSON.parse(next.body)).toMatchObject({ email: expect.stringContaining("@") });
      await connection.closed;
    } finally {
      connection.close();
    }
  });
});

describe("an idle kept-alive connection", () => {
  // A client that reuses a connection the server is closing at that very moment sees it reset
  // (ECONNRESET). Proxies and HTTP clients keep idle connections for up to a minute (nginx's
  // keepalive_timeout, 60 s by default; load balancers' 60 s), so the server keeps them longer
  // (scripts/start.mjs): the side that closes an idle connection is the client's.
  it("is kept longer than a proxy keeps it: Keep-Alive says 65 seconds", async () => {
    const connection = await RawConnection.open(server.url);
    try {
      connection.send("GET", "/api/health", { "x-forwarded-for": clientAddress });
      const response = await connection.response();
      expect(response.status, response.body).toBe(200);
      expect(response.headers["keep-alive"]).toBe("timeout=65");
    } finally {
      connection.close();
    }
  });
});
