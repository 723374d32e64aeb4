// docs/api.md, "MCP server": one JSON-RPC message per POST. A batch (a JSON array, protocol
// 2025-06-18 removed them) is refused whole, so that none of its messages runs, escapes the rate
// limit or cancels another; a cancellation sent in a POST of its own finds nothing to cancel.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRequests, newAccount } from "../support/accounts";
import type { TestServer } from "../support/server";
import { sharedServer, uniqueClientAddress } from "../support/shared-server";

let server: TestServer;
const { call } = accountRequests(() => server);
const clientAddress = uniqueClientAddress();
const clients: Client[] = [];

beforeAll(async () => {
  server = await sharedServer();
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

const batchRefusal = {
  jsonrpc: "2.0",
  id: null,
  error: { code: -32600, message: "Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message per request" },
};

/** A POST as MCP clients send it; a server that never answers fails the test rather than hanging it. */
const postMcp = (key: string, body: unknown) =>
  fetch(`${server.url}/api/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "x-forwarded-for": clientAddress,
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });

const logWork = (id: number, content: string, meta?: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "log_work", arguments: { content }, ...(meta && { _meta: meta }) },
});
const cancel = (requestId: number) => ({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId, reason: "changed my mind" } });
const listTools = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });

async function entryCount(key: string): Promise<number> {
  return (await call(key, "GET", "/api/v1/worklog/entries")).body.meta.total_count;
}

describe("a JSON-RPC batch", () => {
  it("is refused whole with the JSON-RPC invalid request, running none of its messages", async () => {
    const { key } = await newAccount(server);
    const batches = [
      [logWork(1, "Cancelled by its own batch"), cancel(1)],
      [logWork(1, "With progress", { progressToken: "p" }), cancel(1)],
      [logWork(1, "Once"), logWork(1, "Twice with the same id")],
      Array.from({ length: 8 }, (_, index) => logWork(index + 1, `Many in one request ${index}`)),
      [listTools(1)],
      [cancel(1)],
      [],
    ];
    for (const batch of batches) {
      const response = await postMcp(key, batch);
      expect(response.status, JSON.stringify(batch)).toBe(400);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual(batchRefusal);
    }
    expect(await entryCount(key)).toBe(0);
  });

  it("counts once against the rate limit, as the one request it is", async () => {
    const { key } = await newAccount(server);
    const first = await postMcp(key, listTools(1));
    const remaining = Number(first.headers.get("x-ratelimit-remaining"));
    await first.body?.cancel();
    const refused = await postMcp(
      key,
      Array.from({ length: 20 }, (_, index) => listTools(index + 1)),
    );
    expect(refused.status).toBe(400);
    await refused.body?.cancel();
    // The same minute's window, unless the burst straddled two (then the count starts again).
    const after = Number(refused.headers.get("x-ratelimit-remaining"));
    expect([remaining - 1, Number(refused.headers.get("x-ratelimit-limit")) - 1]).toContain(after);
  });

  it("sent by the SDK's client transport is refused with the same error", async () => {
    const { key } = await newAccount(server);
    const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}`, "x-forwarded-for": clientAddress } },
    });
    const client = new Client({ name: "worklog-tests", version: "1" });
    await client.connect(transport);
    clients.push(client);
    const batch = [logWork(7, "Sent as a batch by the SDK"), cancel(7)] as JSONRPCMessage[];
    await expect(transport.send(batch)).rejects.toThrow(batchRefusal.error.message);
    // One message at a time still works, on the same connection.
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(await entryCount(key)).toBe(0);
  });
});

describe("a cancellation in a POST of its own", () => {
  it("finds nothing to cancel: 202, and the call it names answers as usual", async () => {
    const { key } = await newAccount(server);
    const pending = postMcp(key, logWork(3, "Not cancelled by another request"));
    const cancelled = await postMcp(key, cancel(3));
    expect(cancelled.status).toBe(202);
    const answered = await pending;
    expect(answered.status).toBe(200);
    expect((await answered.json()).result.structuredContent.content).toBe("Not cancelled by another request");
    expect(await entryCount(key)).toBe(1);
  });
});
