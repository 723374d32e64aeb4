// `npm run bench:profile`: where the server's CPU goes per request. Builds, starts the production
// server on PostgreSQL with a CPU profiler it turns on and off by signal
// (bench/cpu-profile-preload.mjs, in place of Node's `--cpu-prof`, which NODE_OPTIONS may not
// carry), seeds an account with 10 000 entries, warms each route up, then profiles the routes
// under wrk (50 connections, BENCH_DURATION seconds each) and prints the functions with the most
// self time, and the same by module (a package of node_modules, a file of the app, or Node's
// own), as shares of the profile's busy time and in µs per request, a profile for each route.
// BENCH_PROFILE_ROUTES=entries,user,mcp (the default) chooses among entries, user, live, mcp,
// report and search, rows (c), (b), (a), (g), (i) and (j) of bench/api.ts (the same URLs);
// BENCH_BEFORE=<another checkout> profiles that checkout instead. The profiles stay in a
// directory printed with them, to open in Chrome's DevTools.
import { existsSync, mkdtempSync, readFileSync, renameSync } from "node:fs";
import os from "node:os";
import { setTimeout } from "node:timers/promises";
import path from "node:path";
import pg from "pg";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer, type PrivateServer } from "../tests/support/server";
import { nextServerPid } from "./next-server-memory";
import { insertEntries } from "./seed";
import { basicAuthorization, runWrk, warmUp, type LoadTarget } from "./wrk";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const ROUTES = (process.env.BENCH_PROFILE_ROUTES ?? "entries,user,mcp").split(",");
const ROOT = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : path.resolve(import.meta.dirname, "..");
const TOP = 30;

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

async function seededAccount(server: PrivateServer) {
  await server.createUser({ email: "profile@example.com" });
  const key = await server.createKey("profile@example.com", ["user:read", "project:*", "worklog:*"]);
  const project = (await (await server.request("/api/v1/projects", { key, method: "POST", body: { name: "Profile" } })).json()) as { id: string };
  const user = (await (await server.request("/api/v1/user", { key })).json()) as { id: string };
  const database = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await database.connect();
  try {
    await insertEntries(database, { userId: user.id, count: 10_000, projectIds: [project.id], tagSets: [["backend", "perf"]] });
    await database.query("VACUUM ANALYZE");
  } finally {
    await database.end();
  }
  return key;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

function targets(url: string, key: string): Record<string, LoadTarget> {
  const authorization = basicAuthorization(key);
  return {
    entries: { url: `${url}/api/v1/worklog/entries`, headers: { authorization } },
    user: { url: `${url}/api/v1/user`, headers: { authorization } },
    live: { url: `${url}/api/live` },
    mcp: {
      url: `${url}/api/mcp`,
      method: "POST",
      headers: { authorization, "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_worklog", arguments: {} } }),
    },
    report: {
      url: `${url}/api/v1/worklog/report?from=${day(new Date(Date.now() - 29 * 86_400_000))}&to=${day(new Date())}&group_by=project`,
      headers: { authorization },
    },
    search: { url: `${url}/api/v1/worklog/entries?q=benchmark`, headers: { authorization } },
  };
}

/** Where a function lives: a package of node_modules, a file of the app's build, Node's own, or the VM. */
function moduleOf(url: string): string {
  if (!url) return "(vm: gc, program, idle)";
  if (url.startsWith("node:")) return url;
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packaged) return packaged[1]!;
  return url.replace(/^file:\/\//, "").replace(ROOT, ".");
}

/** Shares of the busy time, and each item's CPU time per request of the `requests` profiled. */
function report(profile: Profile, requests: number) {
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const micros = selfMicros.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)") continue;
    busy += micros;
    const name = `${functionName || "(anonymous)"} ${moduleOf(url)}${url ? `:${lineNumber + 1}` : ""}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byModule.set(moduleOf(url), (byModule.get(moduleOf(url)) ?? 0) + micros);
  }
  const print = (title: string, table: Map<string, number>) => {
    console.log(`\n${title} (share of the busy time, ${(busy / 1e6).toFixed(1)} s; µs per request, ${(busy / requests).toFixed(0)} in all)`);
    for (const [name, micros] of [...table].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
      console.log(`${((micros / busy) * 100).toFixed(1).padStart(5)}%  ${(micros / requests).toFixed(1).padStart(7)} µs  ${name}`);
    }
  };
  print("self time by function", byFunction);
  print("self time by module", byModule);
}

if (process.argv.includes("--help")) {
  console.log(
    `usage: npm run bench:profile: the server's CPU profile under wrk, its top functions and modules (BENCH_PROFILE_ROUTES=${ROUTES.join(",")}, BENCH_DURATION seconds a route); README.md, "Benchmarks"`,
  );
  process.exit(0);
}
ensureBuild();
if (process.env.BENCH_BEFORE) ((await import(path.join(ROOT, "scripts/build.mjs"))) as { ensureBuild: () => void }).ensureBuild();
const directory = mkdtempSync(path.join(os.tmpdir(), "worklog-profile-"));
const server = await startServer({
  backend: "postgres",
  root: ROOT,
  env: {
    RATE_LIMIT_PER_MINUTE: "1000000",
    NODE_OPTIONS: `--import ${path.join(import.meta.dirname, "cpu-profile-preload.mjs")}`,
    WORKLOG_CPU_PROFILE_DIR: directory,
  },
});
try {
  const pid = nextServerPid(server);
  const key = await seededAccount(server);
  const byName = targets(server.url, key);
  const chosen = ROUTES.map((route) => {
    if (!byName[route]) throw new Error(`no route ${route}: one of ${Object.keys(byName).join(", ")}`);
    return [route, byName[route]] as const;
  });
  for (const [, target] of chosen) await warmUp(target, { connections: 50, requests: 2_000 });
  for (const [route, target] of chosen) {
    process.kill(pid, "SIGUSR2");
    const run = await runWrk(target, { connections: 50, seconds: DURATION_SECONDS });
    process.kill(pid, "SIGUSR2");
    const written = path.join(directory, `CPU.${pid}.cpuprofile`);
    while (!existsSync(written)) await setTimeout(200);
    const file = path.join(directory, `${route}.cpuprofile`);
    renameSync(written, file);
    console.log(`\n${route}: ${run.requests} requests, ${run.requests_per_second}/s, statuses ${JSON.stringify(run.statuses)}`);
    report(JSON.parse(readFileSync(file, "utf8")) as Profile, run.requests);
    console.log(`\nthe profile of ${route}: ${file}`);
  }
} finally {
  await server.stop();
}
