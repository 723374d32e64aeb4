// `npm run bench`: the API's throughput against the framework's and the machine's ceilings.
// Builds, starts the production server on PostgreSQL and measures with autocannon on loopback
// (50 connections, 10 s each, after a warm-up of 1 000 requests), all in one run:
//   (a) GET /api/live: the framework's ceiling, no database
//   (b) GET /api/v1/user
//   (c) GET /api/v1/worklog/entries: the first page of 25 in an account with 10 000 entries
//   (d) POST /api/v1/worklog/entries
//   (e) a bare Node http server answering the same JSON as (a): the machine's ceiling
// and (c) again on the embedded default (PGlite), which must answer every request within 2 s.
// Rate limiting stays on (the in-process limiter, with a limit no run reaches), since its cost is
// part of every request. Prints a table and the ratios, and writes bench/results.json.
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import { setTimeout } from "node:timers/promises";
import path from "node:path";
import pg from "pg";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer, type TestServer } from "../tests/support/server";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_REQUESTS = 1_000;
const SETTLE_MS = 2_000;
const CONNECTIONS = 50;
const ENTRIES = 10_000;
const EMBEDDED_MAX_LATENCY_MS = 2_000;
const targets = { user_vs_live: 0.7, entries_vs_live: 0.55, create_vs_live: 0.5 };

type Measurement = { requests_per_second: number; p50_ms: number; p99_ms: number; max_ms: number; requests: number };
type Target = { url: string; method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; expectedStatus?: number };

const countOf = (result: autocannon.Result, status: number) => result.statusCodeStats?.[`${status}`]?.count ?? 0;

async function measure(label: string, target: Target): Promise<Measurement> {
  await autocannon({ ...target, connections: CONNECTIONS, amount: WARM_UP_REQUESTS });
  // The warm-up's last requests, left in flight, finish before the measured run starts.
  await setTimeout(SETTLE_MS);
  const result = await autocannon({ ...target, connections: CONNECTIONS, duration: DURATION_SECONDS });
  const expected = target.expectedStatus ?? 200;
  const unexpected = result.errors + result.timeouts + result.requests.total - countOf(result, expected);
  if (unexpected > 0) throw new Error(`${label}: ${unexpected} of ${result.requests.total} responses were not ${expected} (${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors)`);
  const measurement = {
    requests_per_second: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    requests: result.requests.total,
  };
  console.log(`${label.padEnd(38)} ${String(measurement.requests_per_second).padStart(6)} req/s  p50 ${measurement.p50_ms} ms  p99 ${measurement.p99_ms} ms  max ${measurement.max_ms} ms`);
  return measurement;
}

/** The machine's ceiling: Node's own http server in a process of its own, same JSON as /api/live. */
async function startBareNodeServer() {
  const source = `
    const server = require("node:http").createServer((request, response) => {
      const body = JSON.stringify({ status: "ok" });
      response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      response.end(body);
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  const [port] = (await once(child.stdout!, "data")) as [Buffer];
  return { url: `http://127.0.0.1:${port.toString().trim()}`, stop: () => child.kill() };
}

const basic = (key: string) => ({ authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` });
const json = { "content-type": "application/json" };

/** An account with a project and `count` entries, written through the API; returns its key. */
async function seedAccount(server: TestServer, email: string, count: number): Promise<string> {
  await server.createUser({ email });
  const key = await server.createKey(email, ["user:read", "project:*", "worklog:*"]);
  const project = await (await server.request("/api/v1/projects", { key, method: "POST", body: { name: "Bench" } })).json();
  const body = JSON.stringify({ content: "Wrote the **benchmark** for the entries list", project_id: project.id, tags: ["backend", "perf"], duration_seconds: 1800 });
  if (count > 0) {
    const result = await autocannon({ url: `${server.url}/api/v1/worklog/entries`, method: "POST", headers: { ...basic(key), ...json }, body, connections: 20, amount: count });
    if (countOf(result, 201) !== count) throw new Error(`seeding: ${JSON.stringify(result.statusCodeStats)}`);
  }
  return key;
}

const env = { RATE_LIMIT_PER_MINUTE: "1000000" };

/** Statistics and the visibility map as autovacuum keeps them on a table that has settled. */
async function vacuum(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("VACUUM ANALYZE");
  await client.end();
}

async function benchPostgres(bare: string) {
  const server = await startServer({ backend: "postgres", env });
  try {
    const key = await seedAccount(server, "bench@example.com", ENTRIES);
    await vacuum(server.env.DATABASE_URL!);
    const writer = await seedAccount(server, "writer@example.com", 0);
    const entryBody = JSON.stringify({ content: "Measured the write path", tags: ["perf"], duration_seconds: 60 });
    return {
      live: await measure("(a) GET /api/live", { url: `${server.url}/api/live` }),
      user: await measure("(b) GET /api/v1/user", { url: `${server.url}/api/v1/user`, headers: basic(key) }),
      entries: await measure("(c) GET /api/v1/worklog/entries", { url: `${server.url}/api/v1/worklog/entries`, headers: basic(key) }),
      create: await measure("(d) POST /api/v1/worklog/entries", {
        url: `${server.url}/api/v1/worklog/entries`,
        method: "POST",
        headers: { ...basic(writer), ...json },
        body: entryBody,
        expectedStatus: 201,
      }),
      bare_node: await measure("(e) bare Node http server", { url: bare }),
    };
  } finally {
    await server.stop();
  }
}

async function benchEmbedded() {
  const server = await startServer({ backend: "pglite", env });
  try {
    const key = await seedAccount(server, "bench@example.com", ENTRIES);
    return await measure("(c) embedded GET /api/v1/worklog/entries", { url: `${server.url}/api/v1/worklog/entries`, headers: basic(key) });
  } finally {
    await server.stop();
  }
}

const ratio = (part: number, whole: number) => +(part / whole).toFixed(2);

if (process.argv.includes("--help")) {
  console.log('usage: npm run bench: builds, starts the server and measures its throughput (BENCH_DURATION seconds a run, default 10); README.md, "Benchmarks"');
  process.exit(0);
}
ensureBuild();
const bare = await startBareNodeServer();
try {
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_SECONDS} s each after ${WARM_UP_REQUESTS} requests of warm-up; ${ENTRIES} entries seeded\n`);
  const postgres = await benchPostgres(bare.url);
  const embeddedEntries = await benchEmbedded();
  const ratios = {
    user_vs_live: ratio(postgres.user.requests_per_second, postgres.live.requests_per_second),
    entries_vs_live: ratio(postgres.entries.requests_per_second, postgres.live.requests_per_second),
    create_vs_live: ratio(postgres.create.requests_per_second, postgres.live.requests_per_second),
    live_vs_bare_node: ratio(postgres.live.requests_per_second, postgres.bare_node.requests_per_second),
  };
  const met = {
    user_vs_live: ratios.user_vs_live >= targets.user_vs_live,
    entries_vs_live: ratios.entries_vs_live >= targets.entries_vs_live,
    create_vs_live: ratios.create_vs_live >= targets.create_vs_live,
    embedded_entries_max_latency: embeddedEntries.max_ms <= EMBEDDED_MAX_LATENCY_MS,
  };
  console.log("\nratio                     measured  target");
  for (const [name, value] of Object.entries(ratios)) {
    const target = targets[name as keyof typeof targets];
    console.log(`${name.padEnd(26)}${String(value).padStart(8)}  ${target === undefined ? "" : `≥ ${target} ${met[name as keyof typeof met] ? "met" : "MISSED"}`}`);
  }
  console.log(`embedded (c) max latency  ${String(embeddedEntries.max_ms).padStart(6)} ms  ≤ ${EMBEDDED_MAX_LATENCY_MS} ms ${met.embedded_entries_max_latency ? "met" : "MISSED"}`);
  const results = {
    measured_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version },
    settings: { connections: CONNECTIONS, duration_seconds: DURATION_SECONDS, warm_up_requests: WARM_UP_REQUESTS, entries: ENTRIES },
    postgres,
    embedded: { entries: embeddedEntries },
    ratios,
    targets: { ...targets, embedded_entries_max_latency_ms: EMBEDDED_MAX_LATENCY_MS },
    met,
  };
  const file = path.join(import.meta.dirname, "results.json");
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
} finally {
  bare.stop();
}
process.exit(0);
