// `npm run bench:streams`: what idle event streams cost the server. Starts the production server
// on PostgreSQL, makes 200 accounts with a key each and measures, in one run:
//   (b) GET /api/v1/user with wrk (50 connections, BENCH_DURATION seconds, after a warm-up),
//       first with no stream open, then with 1 000 idle recap streams open (5 per account);
//   the server's CPU while only those streams are open (from /proc, over 10 s);
//   the server's and PostgreSQL's CPU per request of (b), with and without the streams.
// Prints the throughput with the streams as a ratio of without (target ≥ 0.9) and the idle CPU
// (target < 5% of a core). Loopback only; everything it starts it stops.
import http from "node:http";
import { setTimeout } from "node:timers/promises";
import pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { sha256Hex } from "../lib/crypto";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer, type PrivateServer } from "../tests/support/server";
import { memoryMiB, nextServerPid } from "./next-server-memory";
import { basicAuthorization as basic, cpuMeter, cpuUsed, describe, measure as measureRow } from "./wrk";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_SECONDS = 5;
const IDLE_SECONDS = 10;
const ACCOUNTS = 200;
const STREAMS_PER_ACCOUNT = 5;
const CONNECTIONS = 50;
const targets = { throughput_with_streams: 0.9, idle_cpu_percent: 5 };

/** 200 accounts on plan pro with a key each, written straight to the database: the CLI takes a second an account. */
async function createAccounts(database: pg.Client): Promise<string[]> {
  const keys: string[] = [];
  for (let index = 0; index < ACCOUNTS; index++) {
    const userId = uuidv7();
    const key = `wl_${sha256Hex(`bench-${index}-${Date.now()}`).slice(0, 40)}`;
    await database.query("INSERT INTO users (id, email, plan, updated_at) VALUES ($1, $2, 'pro', now())", [userId, `stream${index}@example.com`]);
    await database.query(
      `INSERT INTO api_keys (id, workspace_id, user_id, name, prefix, hashed_key, scopes)
      VALUES ($1, (SELECT workspace_id FROM memberships WHERE user_id = $2::uuid AND role = 'owner'), $2, 'bench', $3, $4, $5)`,
      [uuidv7(), userId, key.slice(0, 8), sha256Hex(key), ["user:read", "worklog:read"]],
    );
    keys.push(key);
  }
  return keys;
}

type OpenStream = { close: () => void };

/** Opens a recap stream and resolves once it is connected. */
function openStream(server: PrivateServer, agent: http.Agent, key: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}/api/v1/worklog/recaps/sse`, { agent, headers: { authorization: basic(key) } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`a stream answered ${response.statusCode}`));
      response.once("data", () => resolve({ close: () => request.destroy() }));
      response.on("error", () => undefined);
    });
    request.on("error", reject);
  });
}

if (process.argv.includes("--help")) {
  console.log(
    `usage: npm run bench:streams: the cost of ${ACCOUNTS * STREAMS_PER_ACCOUNT} idle recap streams (BENCH_DURATION seconds a run, default 10); README.md, "Benchmarks"`,
  );
  process.exit(0);
}
ensureBuild();
const streamCount = ACCOUNTS * STREAMS_PER_ACCOUNT;
const server = await startServer({ backend: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1000000", SSE_MAX_STREAMS: String(streamCount) } });
const database = new pg.Client({ connectionString: server.env.DATABASE_URL });
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const streams: OpenStream[] = [];
try {
  await database.connect();
  const keys = await createAccounts(database);
  const meter = cpuMeter(server.url, database);

  /** (b), with what it cost the server and PostgreSQL per request. */
  const measure = async (label: string) => {
    const target = { url: `${server.url}/api/v1/user`, headers: { authorization: basic(keys[0]!) } };
    const measured = await measureRow(label, target, meter, { connections: CONNECTIONS, seconds: DURATION_SECONDS, warmUpSeconds: WARM_UP_SECONDS });
    console.log(describe(label, measured));
    return measured;
  };

  console.log(`wrk: ${CONNECTIONS} connections, ${DURATION_SECONDS} s a run; ${ACCOUNTS} accounts, ${STREAMS_PER_ACCOUNT} streams each\n`);
  const without = await measure("(b) without streams");

  for (const key of keys) for (let index = 0; index < STREAMS_PER_ACCOUNT; index++) streams.push(await openStream(server, agent, key));
  await setTimeout(2_000); // the opening's own work is over
  const idleBefore = await meter();
  await setTimeout(IDLE_SECONDS * 1000);
  const idleUsed = cpuUsed(idleBefore, await meter());
  const idle = {
    server_cpu_percent: +((100 * idleUsed.server) / IDLE_SECONDS).toFixed(1),
    postgres_cpu_percent: +((100 * idleUsed.postgres) / IDLE_SECONDS).toFixed(1),
  };
  console.log(`idle with ${streams.length} streams open:  server ${idle.server_cpu_percent}% of a core, PostgreSQL ${idle.postgres_cpu_percent}%`);
  console.log(`the server's resident memory (VmRSS) with the streams open: ${memoryMiB(nextServerPid(server), "VmRSS").toFixed(0)} MiB`);

  const withStreams = await measure(`(b) with ${streams.length} streams`);
  const ratio = +(withStreams.requests_per_second / without.requests_per_second).toFixed(2);
  console.log("\nmeasure                        measured  target");
  console.log(
    `throughput with / without     ${String(ratio).padStart(8)}  ≥ ${targets.throughput_with_streams} ${ratio >= targets.throughput_with_streams ? "met" : "MISSED"}`,
  );
  console.log(
    `idle server CPU (% of a core) ${String(idle.server_cpu_percent).padStart(8)}  < ${targets.idle_cpu_percent} ${idle.server_cpu_percent < targets.idle_cpu_percent ? "met" : "MISSED"}`,
  );
} finally {
  for (const stream of streams) stream.close();
  agent.destroy();
  await database.end().catch(() => undefined);
  await server.stop();
}
process.exit(0);
