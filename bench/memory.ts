// `npm run bench:memory`: whether the server's memory settles under load. Starts the production
// server on PostgreSQL, seeds an account with 10 000 entries, then runs BENCH_MEMORY_RUNS runs
// (default 5) of BENCH_MEMORY_RUN_SECONDS each (default 120: 10 minutes in all) of mixed load with
// wrk (50 connections): the entries list, the same with its ETag (304), the account, an MCP
// search and new entries (in another account), in equal slices. After each run it prints the
// `next start` process's resident memory (VmRSS) and its peak (VmHWM), and the V8 heap's used and
// total size as /api/metrics reports them (README "Probes, logs and metrics"): a heap that stays
// level while VmRSS grows is V8 and the allocator keeping pages, not a leak. The target is no
// growth of VmRSS beyond 5% between the last two runs. bench:streams reports the memory with 1 000 idle streams.
// BENCH_BEFORE=<another checkout> measures that checkout's server instead.
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import pg from "pg";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer, type PrivateServer } from "../tests/support/server";
import { memoryMiB, nextServerPid } from "./next-server-memory";
import { insertEntries } from "./seed";
import { basicAuthorization, runWrk, type LoadTarget } from "./wrk";

const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 5);
const RUN_SECONDS = Number(process.env.BENCH_MEMORY_RUN_SECONDS ?? 120);
const CONNECTIONS = 50;
const MAX_GROWTH = 0.05;
const SETTLE_MS = 10_000;
const METRICS_TOKEN = "the-metrics-token-of-the-memory-bench";

async function account(server: PrivateServer, email: string) {
  await server.createUser({ email });
  const key = await server.createKey(email, ["user:read", "project:*", "worklog:*"]);
  const user = (await (await server.request("/api/v1/user", { key })).json()) as { id: string };
  return { key, userId: user.id };
}

if (process.argv.includes("--help")) {
  console.log(
    `usage: npm run bench:memory: the server's resident memory after each of ${RUNS} runs of ${RUN_SECONDS} s of mixed load (BENCH_MEMORY_RUNS, BENCH_MEMORY_RUN_SECONDS); README.md, "Benchmarks"`,
  );
  process.exit(0);
}
const before = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;
ensureBuild();
if (before) ((await import(path.join(before, "scripts/build.mjs"))) as { ensureBuild: () => void }).ensureBuild();
const server = await startServer({ backend: "postgres", root: before, env: { RATE_LIMIT_PER_MINUTE: "1000000", METRICS_TOKEN } });

/** The V8 heap's used and total size in MiB, from the server's metrics (undefined where a commit has none). */
async function heapMiB(): Promise<{ used: number; total: number } | undefined> {
  const response = await server.request("/api/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = response.ok ? await response.text() : "";
  const read = (name: string) => Number(new RegExp(`^${name} (\\d+(?:\\.\\d+)?)$`, "m").exec(text)?.[1]) / 2 ** 20;
  const used = read("nodejs_heap_size_used_bytes");
  return Number.isNaN(used) ? undefined : { used, total: read("nodejs_heap_size_total_bytes") };
}
try {
  const pid = nextServerPid(server);
  const reader = await account(server, "memory@example.com");
  const writer = await account(server, "memory-writer@example.com");
  const database = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await database.connect();
  await insertEntries(database, { userId: reader.userId, count: 10_000, projectIds: [null], tagSets: [["backend", "perf"]] });
  await database.end();
  const read = { authorization: basicAuthorization(reader.key) };
  const etag = (await server.request("/api/v1/worklog/entries", { key: reader.key })).headers.get("etag")!;
  const targets: LoadTarget[] = [
    { url: `${server.url}/api/v1/worklog/entries`, headers: read },
    { url: `${server.url}/api/v1/worklog/entries`, headers: { ...read, "if-none-match": etag }, expectedStatus: 304 },
    { url: `${server.url}/api/v1/user`, headers: read },
    {
      url: `${server.url}/api/mcp`,
      method: "POST",
      headers: { ...read, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_worklog", arguments: {} } }),
    },
    {
      url: `${server.url}/api/v1/worklog/entries`,
      method: "POST",
      headers: { authorization: basicAuthorization(writer.key), "content-type": "application/json" },
      body: JSON.stringify({ content: "Measured the memory", tags: ["perf"], duration_seconds: 60 }),
      expectedStatus: 201,
    },
  ];
  console.log(`started: VmRSS ${memoryMiB(pid, "VmRSS").toFixed(0)} MiB; ${RUNS} runs of ${RUN_SECONDS} s, ${CONNECTIONS} connections`);
  const resident: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    let requests = 0;
    for (const target of targets) {
      const measured = await runWrk(target, { connections: CONNECTIONS, seconds: Math.max(1, Math.round(RUN_SECONDS / targets.length)) });
      const expected = String(target.expectedStatus ?? 200);
      if (Object.keys(measured.statuses).some((status) => status !== expected))
        throw new Error(`${target.method ?? "GET"} ${target.url}: ${JSON.stringify(measured.statuses)}`);
      requests += measured.requests;
    }
    // Idle long enough for V8's memory reducer to collect and give pages back, as between bursts.
    await setTimeout(SETTLE_MS);
    resident.push(memoryMiB(pid, "VmRSS"));
    const heap = await heapMiB();
    const heapText = heap ? `; V8 heap used ${heap.used.toFixed(0)} MiB of ${heap.total.toFixed(0)} MiB` : "";
    console.log(
      `run ${run}: ${requests} requests; VmRSS ${resident.at(-1)!.toFixed(0)} MiB, peak (VmHWM) ${memoryMiB(pid, "VmHWM").toFixed(0)} MiB${heapText}`,
    );
  }
  if (resident.length >= 2) {
    const growth = resident.at(-1)! / resident.at(-2)! - 1;
    console.log(`\ngrowth between the last two runs: ${(growth * 100).toFixed(1)}%  ≤ ${MAX_GROWTH * 100}% ${growth <= MAX_GROWTH ? "met" : "MISSED"}`);
  }
} finally {
  await server.stop();
}
process.exit(0);
