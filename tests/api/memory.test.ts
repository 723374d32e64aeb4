// What a request leaves behind once answered: nothing that outlives it. MCP calls once held their
// request, and what it reached, until their time limit (MCP_REQUEST_TIMEOUT_MS, 120 s) passed:
// 2 000 searches kept some 60 MiB, and a server under load grew by hundreds (npm run bench:memory).
// A private server: its preload (tests/support/heap-probe.mjs) collects the garbage and reports
// the heap on a signal, since the heap's size between collections says nothing.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processTree, startServer, type PrivateServer } from "../support/server";
import { newKey } from "../support/accounts";

const MiB = 2 ** 20;
const directory = mkdtempSync(path.join(os.tmpdir(), "worklog-heap-"));
const heapFile = path.join(directory, "heap");
let server: PrivateServer;
let authorization: string;

beforeAll(async () => {
  const preload = path.resolve(import.meta.dirname, "../support/heap-probe.mjs");
  server = await startServer({ env: { NODE_OPTIONS: `--import ${preload}`, WORKLOG_HEAP_PROBE_FILE: heapFile, RATE_LIMIT_PER_MINUTE: "1000000" } });
  const key = await newKey(server, { scopes: ["worklog:*"] });
  authorization = `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
  for (let index = 0; index < 25; index++) {
    expect(
      (await server.request("/api/v1/worklog/entries", { key, method: "POST", body: { content: `Measured the heap, step ${index}`, tags: ["perf"] } })).status,
    ).toBe(201);
  }
});

afterAll(async () => {
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
});

/** The server's heap after a full collection, in bytes. */
async function heapUsed(): Promise<number> {
  rmSync(heapFile, { force: true });
  // The next-server process, the last of the tree (scripts/start.mjs, then `next start`'s).
  process.kill(processTree(server.pid()).at(-1)!, "SIGUSR2");
  while (!existsSync(heapFile)) await new Promise((resolve) => setTimeout(resolve, 20));
  return Number(readFileSync(heapFile, "utf8"));
}

/** `count` MCP searches, 20 at a time, each answered 200 with its page. */
async function searches(count: number) {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_worklog", arguments: {} } });
  let sent = 0;
  const client = async () => {
    while (sent < count) {
      sent++;
      const response = await fetch(`${server.url}/api/mcp`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json", accept: "application/json, text/event-stream" },
        body,
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: 20 }, client));
}

describe("a server's heap", () => {
  it("keeps nothing of 2 000 MCP searches once they are answered", async () => {
    // Warmed up first: compiled code and caches are kept by design.
    await searches(300);
    const before = await heapUsed();
    await searches(2_000);
    const after = await heapUsed();
    expect((after - before) / MiB).toBeLessThan(15);
  });
});
