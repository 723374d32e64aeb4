// docs/api.md, "MCP server": a call's work ends when its client leaves or its time limit
// (MCP_REQUEST_TIMEOUT_MS) passes, and the server goes on answering. generate_recap against a
// model that never finishes is the slow call: its request to the model is the work that ends.
// Private servers: they need RECAP_LLM_URL naming the stand-in model this file starts.
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type PrivateServer } from "../support/server";
import { readEvents } from "../support/sse";
import { newKey } from "../support/accounts";
import { connectMcp } from "../support/mcp-client";

/** A chat-completions endpoint that streams one token and then never finishes; it counts the requests it holds. */
type StalledModel = { server: Server; url: string; open: Set<IncomingMessage>; received: number; changed: () => Promise<void> };

async function startStalledModel(): Promise<StalledModel> {
  let wake = () => {};
  const model: StalledModel = {
    server: createServer((request, response) => {
      model.received++;
      model.open.add(request);
      response.on("close", () => {
        model.open.delete(request);
        wake();
      });
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "You started " } }] })}\n\n`);
      wake();
    }),
    url: "",
    open: new Set(),
    received: 0,
    changed: () => new Promise((resolve) => (wake = resolve)),
  };
  await new Promise<void>((resolve) => model.server.listen(0, "127.0.0.1", resolve));
  model.url = `http://127.0.0.1:${(model.server.address() as AddressInfo).port}/v1`;
  return model;
}

let model: StalledModel;
/** The default time limit: only the client's leaving ends a call. */
let patient: PrivateServer;
/** A time limit of one second. */
let hasty: PrivateServer;
const clients: Client[] = [];

beforeAll(async () => {
  model = await startStalledModel();
  // No job worker: a recap is generated only by the call that waits for it.
  const env = { RECAP_LLM_URL: model.url, RECAP_LLM_API_KEY: "test-llm-key", JOB_WORKER: "false" };
  [patient, hasty] = await Promise.all([startServer({ env }), startServer({ env: { ...env, MCP_REQUEST_TIMEOUT_MS: "1000" } })]);
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all([patient?.stop(), hasty?.stop()]);
  model?.server.closeAllConnections();
  await new Promise((resolve) => model?.server.close(resolve));
});

/** Waits until the model has received at least `received` requests and holds `open` of them; a hang fails the test. */
async function modelReaches({ received = 0, open }: { received?: number; open: number }): Promise<void> {
  const deadline = AbortSignal.timeout(90_000);
  while (model.received < received || model.open.size !== open) {
    if (deadline.aborted)
      throw new Error(`the model received ${model.received} requests (waited for ${received}) and holds ${model.open.size} (waited for ${open})`);
    await Promise.race([model.changed(), new Promise((resolve) => setTimeout(resolve, 200))]);
  }
}

async function accountWithEntry(server: PrivateServer): Promise<string> {
  const key = await newKey(server, { scopes: ["worklog:*"] });
  const created = await server.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: "Started the landing page" } });
  expect(created.status).toBe(201);
  return key;
}

const recapCall = (id: number, meta?: Record<string, unknown>) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "generate_recap", arguments: {}, ...(meta && { _meta: meta }) },
});

const postMcp = (server: PrivateServer, key: string, message: unknown, signal?: AbortSignal) =>
  fetch(`${server.url}/api/mcp`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify(message),
    signal: signal ?? AbortSignal.timeout(30_000),
  });

/**
 * The recap that `call` (a generate_recap call of the account) started, once it has finished:
 * the last event of the account's recap stream, opened before the call.
 */
async function recapOfCall(server: PrivateServer, key: string, call: () => Promise<void>): Promise<Record<string, unknown>> {
  const stream = await server.request("/api/v1/worklog/recaps/sse", { key });
  expect(stream.status).toBe(200);
  await call();
  const { events } = await readEvents(stream, (received) => received.at(-1)!.data.status !== "processing");
  return events.at(-1)!.data;
}

async function connect(server: PrivateServer, key: string): Promise<Client> {
  const client = await connectMcp(server.url, { authorization: `Bearer ${key}` });
  clients.push(client);
  return client;
}

/** The server still answers: a search through MCP. */
async function stillAnswers(server: PrivateServer, key: string): Promise<void> {
  const response = await postMcp(server, key, { jsonrpc: "2.0", id: 99, method: "tools/call", params: { name: "search_worklog", arguments: {} } });
  expect(response.status).toBe(200);
  expect((await response.json()).result.structuredContent.meta.total_count).toBe(1);
}

describe("a client that leaves", () => {
  it("ends its call's work, its progress stream too, and the server answers the next calls", async () => {
    const key = await accountWithEntry(patient);
    const before = model.received;
    const leaving = new AbortController();
    const response = await postMcp(patient, key, recapCall(1, { progressToken: "recap" }), leaving.signal);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { events } = await readEvents(response, (received) => received.length > 0);
    expect(events[0]!.data).toMatchObject({ method: "notifications/progress", params: { progressToken: "recap", message: "You started " } });
    leaving.abort();
    await modelReaches({ received: before + 1, open: 0 });

    // More calls left in the middle than the server keeps idle servers for; each one's work ends.
    const calls = Array.from({ length: 40 }, () => new AbortController());
    const pending = calls.map((call, index) => postMcp(patient, key, recapCall(index + 2), call.signal).catch((error: unknown) => error));
    await modelReaches({ received: before + 1 + calls.length, open: calls.length });
    for (const call of calls) call.abort();
    for (const outcome of await Promise.all(pending)) expect(outcome).toBeInstanceOf(Error);
    await modelReaches({ received: before + 1 + calls.length, open: 0 });
    await stillAnswers(patient, key);
  });

  it("closed by the SDK's client in the middle of a call, ends the call's work", async () => {
    const key = await accountWithEntry(patient);
    const before = model.received;
    const client = await connect(patient, key);
    let progressed: () => void;
    const firstProgress = new Promise<void>((resolve) => (progressed = resolve));
    const call = client.callTool({ name: "generate_recap", arguments: {} }, undefined, { onprogress: () => progressed() });
    await firstProgress;
    await client.close();
    await expect(call).rejects.toThrow();
    await modelReaches({ received: before + 1, open: 0 });
    const again = await connect(patient, key);
    expect((await again.callTool({ name: "search_worklog", arguments: {} })).isError).toBeFalsy();
  });
});

describe("the time limit", () => {
  const timedOut = { code: ErrorCode.RequestTimeout, message: "The request ran past its time limit of 1 s and was stopped" };
  const ended = {
    status: "failed",
    error: "The recap could not be generated: the request that waited for it ended first (its client left or its time limit passed)",
  };

  // The limit passes wherever the call is: while the model holds its request, or, on a slow
  // machine, before the call has reached the model, which then gets no request. Either way the
  // recap fails and the model is left holding nothing.
  it("answers a JSON-RPC error when it passes and ends the work, to the SDK's client and in a progress stream", async () => {
    const key = await accountWithEntry(hasty);
    const client = await connect(hasty, key);
    const throughSdk = await recapOfCall(hasty, key, async () => {
      const error = await client.callTool({ name: "generate_recap", arguments: {} }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(McpError);
      expect(error).toMatchObject({ code: timedOut.code });
      expect((error as Error).message).toContain(timedOut.message);
    });
    expect(throughSdk).toMatchObject(ended);
    await modelReaches({ open: 0 });

    const streamed = await recapOfCall(hasty, key, async () => {
      const { events, closedByServer } = await readEvents(await postMcp(hasty, key, recapCall(5, { progressToken: 5 })));
      expect(closedByServer).toBe(true);
      expect(events.at(-1)!.data).toEqual({ jsonrpc: "2.0", id: 5, error: timedOut });
    });
    expect(streamed).toMatchObject(ended);
    await modelReaches({ open: 0 });

    const plain = await recapOfCall(hasty, key, async () => {
      const response = await postMcp(hasty, key, recapCall(6));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 6, error: timedOut });
    });
    expect(plain).toMatchObject(ended);
    await modelReaches({ open: 0 });
    await stillAnswers(hasty, key);
  });

  it.runIf(process.env.WORKLOG_TEST_DATABASE === "postgres")(
    "that passes before the call reaches the model ends the work there: no request is made to it",
    async () => {
      const key = await accountWithEntry(hasty);
      const before = model.received;
      // The recap's insert waits on a lock the test holds until the time limit has been answered.
      const side = new pg.Client({ connectionString: hasty.env.DATABASE_URL });
      await side.connect();
      try {
        const recap = await recapOfCall(hasty, key, async () => {
          await side.query("BEGIN");
          await side.query("LOCK TABLE recaps IN SHARE MODE");
          const response = await postMcp(hasty, key, recapCall(7));
          expect(await response.json()).toEqual({ jsonrpc: "2.0", id: 7, error: timedOut });
          await side.query("ROLLBACK");
        });
        expect(recap).toMatchObject(ended);
      } finally {
        await side.end();
      }
      // The recap failed when its request to the model was refused, never sent.
      expect(model.received).toBe(before);
      expect(model.open.size).toBe(0);
      await stillAnswers(hasty, key);
    },
  );
});
