// `npm run bench`: the API's throughput against the framework's and the machine's ceilings.
// Builds, starts the production server on PostgreSQL and measures each row with wrk in a process
// of its own (50 connections, BENCH_DURATION seconds after a warm-up), all in one run:
//   (a) GET /api/live: the framework's ceiling, no database
//   (b) GET /api/v1/user
//   (c) GET /api/v1/worklog/entries: the first page of 25 in an account with 10 000 entries
//   (d) POST /api/v1/worklog/entries (another account, which grows as it runs)
//   (e) a bare Node http server answering the same JSON as (a): the machine's ceiling
//   (f) (c) with the If-None-Match of its ETag: every answer must be a 304
//   (g) (c) through MCP: a `tools/call` of search_worklog on /api/mcp (one JSON-RPC POST, answered as JSON)
//   (h) POST /api/hooks/{id}: GitHub pushes of 2 000 commits to an incoming hook, one at a time (bench/forge-hooks.ts)
//   (i) GET /api/v1/worklog/report of the 30 days up to today (UTC, the accounts' zone), by project:
//       all 10 000 entries of (c) (a week of them, a minute apart), and none in the 30 days before
//   (j) GET /api/v1/worklog/entries?q=benchmark: the first page of a search every entry of (c) matches
// and (c) again on the embedded default (PGlite), which must answer every request within 2 s.
// Each row also gets the server's and its PostgreSQL backends' CPU time per request (/proc); (i)
// is held to server CPU per request at most 1.5 times (c)'s, (j) to 1.3 times and to 1.5 ms of
// PostgreSQL CPU per request (its count bounded: docs/api.md, "Pagination"); (c) to 0.65 of (a)'s throughput.
// Rate limiting stays on (the in-process limiter, with a limit no run reaches), since its cost is
// part of every request. Prints a table and the ratios, and writes bench/results.json.
//
// BENCH_BEFORE=<another checkout> (built with its own node_modules, e.g. a `git worktree` of an
// older commit) also starts that checkout's servers and runs every row against both, alternately,
// for a table of before against after; rows the other commit cannot answer (no ETag: (f); no MCP: (g)) are left
// out for it, as are (i) and (j) where it answers no report or no search. BENCH_ROUNDS=n repeats the rows n times and keeps each cell's best run.
// BENCH_TRIGGER_COST=1 also measures what the entries' counting trigger, and the reports' day totals' besides, cost one INSERT alone.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startServer, type PrivateServer } from "../tests/support/server";
import { createAccount, entryCreateTarget } from "./accounts";
import { BEFORE, ensureBuilds } from "./before";
import { describeHookPushes, measureHookPushes, servesHooks, type HookPushMeasurement } from "./forge-hooks";
import { insertEntries } from "./seed";
import { basicAuthorization, cpuMeter, cpuSeconds, describe, formatTable, measure, warmUp, type CpuMeter, type LoadTarget, type Measurement } from "./wrk";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const WARM_UP_REQUESTS = Number(process.env.BENCH_WARM_UP_REQUESTS ?? 2_000);
const TRIGGER_COST = process.env.BENCH_TRIGGER_COST === "1";
const CONNECTIONS = 50;
const ENTRIES = 10_000;
const EMBEDDED_MAX_LATENCY_MS = 2_000;
const targets = { user_vs_live: 0.75, entries_vs_live: 0.65, create_vs_live: 0.55, not_modified_vs_live: 0.75, mcp_search_vs_entries: 0.85 };
/** Server CPU per request as a multiple of (c)'s: at most these. */
const cpuTargets = { report_cpu_vs_entries: 1.5, search_cpu_vs_entries: 1.3 };
/** (j)'s PostgreSQL CPU per request, its count bounded (docs/api.md, "Pagination"): at most this. */
const SEARCH_POSTGRES_CPU_TARGET_MS = 1.5;
const QUIET_WAIT_SECONDS = Number(process.env.BENCH_QUIET_WAIT ?? 60);
const options = { connections: CONNECTIONS, seconds: DURATION_SECONDS, warmUpSeconds: WARM_UP_SECONDS, quietWaitSeconds: QUIET_WAIT_SECONDS };
const here = path.resolve(import.meta.dirname, "..");

/** One server under test: a checkout, its server, a key on an account with the entries, a writer's key. */
type Subject = {
  name: "after" | "before";
  server: PrivateServer;
  database?: pg.Client;
  meter: CpuMeter;
  key: string;
  writerKey: string;
  writerUserId: string;
  /** The ETag of (c), if this commit has them. */
  etag?: string;
  /** Whether this commit serves /api/mcp. */
  mcp: boolean;
  /** Whether this commit serves (i), the report, and (j), the entries' search. */
  report: boolean;
  search: boolean;
};

type Row = {
  id: string;
  name: keyof typeof rowNames;
  target: (subject: Subject) => LoadTarget | undefined;
};

const rowNames = {
  live: "(a) GET /api/live",
  user: "(b) GET /api/v1/user",
  entries: "(c) GET /api/v1/worklog/entries",
  create: "(d) POST /api/v1/worklog/entries",
  bare_node: "(e) bare Node http server",
  entries_not_modified: "(f) GET entries, If-None-Match → 304",
  mcp_search: "(g) MCP tools/call search_worklog",
  report: "(i) GET report, 30 days by project",
  search: "(j) GET entries?q=benchmark",
  embedded_entries: "(c) embedded GET /api/v1/worklog/entries",
};

const json = { "content-type": "application/json" };
const entriesTarget = (subject: Subject): LoadTarget => ({
  url: `${subject.server.url}/api/v1/worklog/entries`,
  headers: { authorization: basicAuthorization(subject.key) },
});
const createTarget = (subject: Subject): LoadTarget => entryCreateTarget(subject.server, subject.writerKey);

const mcpSearchBody = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_worklog", arguments: {} } });
const mcpSearchTarget = (subject: Subject): LoadTarget => ({
  url: `${subject.server.url}/api/mcp`,
  method: "POST",
  headers: { authorization: basicAuthorization(subject.key), ...json, accept: "application/json, text/event-stream" },
  body: mcpSearchBody,
});

const day = (date: Date) => date.toISOString().slice(0, 10);
const today = new Date();
/** The 30 days up to today, the report's default period, written out: they hold every seeded entry. */
const reportPath = `/api/v1/worklog/report?from=${day(new Date(today.getTime() - 29 * 86_400_000))}&to=${day(today)}&group_by=project`;
/** A word of every seeded entry's content (bench/seed.ts), and one of none. */
const searchPath = (word: string) => `/api/v1/worklog/entries?q=${word}`;
const reportTarget = (subject: Subject): LoadTarget => ({
  url: `${subject.server.url}${reportPath}`,
  headers: { authorization: basicAuthorization(subject.key) },
});
const searchTarget = (subject: Subject): LoadTarget => ({
  url: `${subject.server.url}${searchPath("benchmark")}`,
  headers: { authorization: basicAuthorization(subject.key) },
});

const postgresRows: Row[] = [
  { id: "a", name: "live", target: (subject) => ({ url: `${subject.server.url}/api/live` }) },
  { id: "b", name: "user", target: (subject) => ({ url: `${subject.server.url}/api/v1/user`, headers: { authorization: basicAuthorization(subject.key) } }) },
  { id: "c", name: "entries", target: entriesTarget },
  { id: "d", name: "create", target: createTarget },
  {
    id: "f",
    name: "entries_not_modified",
    target: (subject) =>
      subject.etag === undefined
        ? undefined
        : { ...entriesTarget(subject), headers: { ...entriesTarget(subject).headers, "if-none-match": subject.etag }, expectedStatus: 304 },
  },
  { id: "g", name: "mcp_search", target: (subject) => (subject.mcp ? mcpSearchTarget(subject) : undefined) },
  { id: "i", name: "report", target: (subject) => (subject.report ? reportTarget(subject) : undefined) },
  { id: "j", name: "search", target: (subject) => (subject.search ? searchTarget(subject) : undefined) },
];

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

const env = { RATE_LIMIT_PER_MINUTE: "1000000" };

/** `count` entries through the API, `concurrency` requests at a time (the embedded database cannot be written from outside). */
async function postEntries(server: PrivateServer, key: string, projectId: string, count: number, concurrency = 20) {
  const body = JSON.stringify({
    content: "Wrote the **benchmark** for the entries list",
    project_id: projectId,
    tags: ["backend", "perf"],
    duration_seconds: 1800,
  });
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const response = await server.request("/api/v1/worklog/entries", { key, method: "POST", body });
      if (response.status !== 201) throw new Error(`seeding: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** Whether (i) answers a report of every seeded entry; false for a commit without reports (404). */
async function servesReport(name: Subject["name"], server: PrivateServer, key: string): Promise<boolean> {
  const response = await server.request(reportPath, { key });
  if (response.status === 404) return false;
  const body = (await response.json()) as { totals?: { entries: number }; groups?: unknown[] };
  if (response.status !== 200 || body.totals?.entries !== ENTRIES || body.groups?.length !== 1)
    throw new Error(`${name}: ${reportPath} answered ${response.status}, ${JSON.stringify(body).slice(0, 300)}`);
  return true;
}

/**
 * Whether (j) answers a page of 25 of the entries that match, all of them, and a word of none
 * matches none; false for a commit that refuses `q` (400) or ignores it.
 */
async function servesSearch(name: Subject["name"], server: PrivateServer, key: string): Promise<boolean> {
  const searchFor = async (word: string) => {
    const response = await server.request(searchPath(word), { key });
    const body = (await response.json()) as { entries?: { content: string }[]; meta?: { total_count: number; total_count_exact?: boolean } };
    return { status: response.status, body };
  };
  const [matching, none] = [await searchFor("benchmark"), await searchFor("zeppelin")];
  if (matching.status === 400 || none.body.meta?.total_count === ENTRIES) return false;
  const page = matching.body.entries ?? [];
  if (
    matching.status !== 200 ||
    page.length !== 25 ||
    !page.every((entry) => entry.content.includes("benchmark")) ||
    // Every entry, counted whole, or up to the bound of a filtered count (docs/api.md, "Pagination") by a commit that has one.
    !(matching.body.meta?.total_count === ENTRIES || (matching.body.meta?.total_count_exact === false && matching.body.meta.total_count === 1000)) ||
    none.body.meta?.total_count !== 0
  ) {
    throw new Error(
      `${name}: the search answered ${matching.status}, ${JSON.stringify(matching.body).slice(0, 300)}; a word of none ${JSON.stringify(none.body.meta)}`,
    );
  }
  return true;
}

async function startSubject(name: Subject["name"], backend: "postgres" | "pglite"): Promise<Subject> {
  const server = await startServer({ backend, env, root: name === "before" ? BEFORE : here });
  let database: pg.Client | undefined;
  try {
    const reader = await createAccount(server, "bench@example.com");
    const writer = await createAccount(server, "writer@example.com");
    if (backend === "postgres") {
      database = new pg.Client({ connectionString: server.env.DATABASE_URL });
      await database.connect();
      await insertEntries(database, { userId: reader.userId, count: ENTRIES, projectIds: [reader.projectId], tagSets: [["backend", "perf"]] });
      // Statistics and the visibility map as autovacuum keeps them on a table that has settled.
      await database.query("VACUUM ANALYZE");
    } else {
      await postEntries(server, reader.key, reader.projectId, ENTRIES);
    }
    const first = await server.request("/api/v1/worklog/entries", { key: reader.key });
    const page = (await first.json()) as { meta: { total_count: number } };
    if (first.status !== 200 || page.meta.total_count !== ENTRIES)
      throw new Error(`${name}: the seeded list answered ${first.status}, ${JSON.stringify(page.meta)}`);
    const { url, ...search } = mcpSearchTarget({ server, key: reader.key } as Subject);
    const viaMcp = await fetch(url, search);
    const found = viaMcp.status === 200 ? ((await viaMcp.json()) as { result?: { structuredContent?: { entries: unknown[] } } }) : undefined;
    if (found && found.result?.structuredContent?.entries.length !== 25)
      throw new Error(`${name}: search_worklog answered ${JSON.stringify(found).slice(0, 300)}`);
    const servesReportRow = await servesReport(name, server, reader.key);
    const servesSearchRow = await servesSearch(name, server, reader.key);
    const subject: Subject = {
      name,
      server,
      database,
      meter: cpuMeter(server.url, database),
      key: reader.key,
      writerKey: writer.key,
      writerUserId: writer.userId,
      etag: first.headers.get("etag") ?? undefined,
      mcp: found !== undefined,
      report: servesReportRow,
      search: servesSearchRow,
    };
    const lacks = [!subject.etag && "no ETag", !subject.mcp && "no MCP", !servesReportRow && "no report", !servesSearchRow && "no search"].filter(Boolean);
    console.log(
      `${name}: ${server.backend} server at ${server.url} (${name === "before" ? BEFORE : here}), ${ENTRIES} entries${lacks.map((lack) => `, ${lack}`).join("")}`,
    );
    return subject;
  } catch (error) {
    // Before the database is dropped, which would end this connection with an error of its own.
    await database?.end().catch(() => undefined);
    await server.stop();
    throw error;
  }
}

async function stopSubject(subject: Subject) {
  await subject.database?.end().catch(() => undefined);
  await subject.server.stop();
}

type Results = Record<string, Partial<Record<keyof typeof rowNames, Measurement>>>;

/** Every run, by round, for the ratios of each round. */
const runs: { round: number; subject: string; row: keyof typeof rowNames; measurement: Measurement }[] = [];
let currentRound = 1;

/** Keeps the run with more requests per second. */
function keepBest(results: Results, subject: string, row: keyof typeof rowNames, measurement: Measurement) {
  runs.push({ round: currentRound, subject, row, measurement });
  const cells = (results[subject] ??= {});
  const kept = cells[row];
  if (!kept || measurement.requests_per_second > kept.requests_per_second) cells[row] = measurement;
}

async function run(label: string, subject: string, row: keyof typeof rowNames, target: LoadTarget, meter: CpuMeter, results: Results) {
  const measurement = await measure(`${rowNames[row]} (${subject})`, target, meter, options);
  console.log(describe(`${label} ${subject.padEnd(6)}`, measurement));
  keepBest(results, subject, row, measurement);
}

/** A fresh server's first thousands of requests run several times slower (JIT): each row's target gets `WARM_UP_REQUESTS` first. */
async function warmUpSubject(subject: Subject, rows: Row[]) {
  const started = Date.now();
  for (const row of rows) {
    const target = row.target(subject);
    if (target) await warmUp(target, { connections: CONNECTIONS, requests: WARM_UP_REQUESTS });
  }
  console.log(`${subject.name}: warmed up with ${WARM_UP_REQUESTS} requests a row in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

const TRIGGER_COST_INSERTS = 2_000;

/**
 * What the entries' counting trigger costs one insert, without the HTTP stack: PostgreSQL's CPU
 * per single-row INSERT (autocommit, a prepared statement, one connection) with the trigger
 * disabled and enabled, in alternating blocks; each block's backend CPU from /proc, the best of
 * three per variant.
 */
async function triggerCost(subject: Subject) {
  const client = new pg.Client({ connectionString: subject.server.env.DATABASE_URL });
  await client.connect();
  try {
    const [{ pid }] = (await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows as [{ pid: number }];
    const insert = {
      name: "bench_insert_entry",
      text: `INSERT INTO worklog_entries (id, workspace_id, user_id, content, recorded_at, duration_seconds, tags, updated_at)
        VALUES (gen_random_uuid(), (SELECT workspace_id FROM memberships WHERE user_id = $1::uuid AND role = 'owner'), $1, 'Measured the write path', now(), 60, '{perf}', now())`,
      values: [subject.writerUserId],
    };
    // The counters' trigger, then the reports' day totals' besides (migration 20261130000300_entry_day_totals).
    const variants = {
      none: () => client.query("ALTER TABLE worklog_entries DISABLE TRIGGER worklog_entries_inserted, DISABLE TRIGGER worklog_entries_inserted_totals"),
      counting: () => client.query("ALTER TABLE worklog_entries ENABLE TRIGGER worklog_entries_inserted, DISABLE TRIGGER worklog_entries_inserted_totals"),
      "counting + day totals": () =>
        client.query("ALTER TABLE worklog_entries ENABLE TRIGGER worklog_entries_inserted, ENABLE TRIGGER worklog_entries_inserted_totals"),
    };
    const best: Record<string, { cpu_ms_per_insert: number; wall_ms_per_insert: number }> = {};
    for (let block = 0; block < 3; block++) {
      for (const [variant, apply] of Object.entries(variants)) {
        await apply();
        for (let index = 0; index < 100; index++) await client.query(insert); // plans, caches
        const cpuBefore = cpuSeconds(pid);
        const started = performance.now();
        for (let index = 0; index < TRIGGER_COST_INSERTS; index++) await client.query(insert);
        const measured = {
          cpu_ms_per_insert: +(((cpuSeconds(pid) - cpuBefore) * 1000) / TRIGGER_COST_INSERTS).toFixed(3),
          wall_ms_per_insert: +((performance.now() - started) / TRIGGER_COST_INSERTS).toFixed(3),
        };
        if (!best[variant] || measured.cpu_ms_per_insert < best[variant].cpu_ms_per_insert) best[variant] = measured;
      }
    }
    await variants["counting + day totals"]();
    console.log(`\nthe entries' triggers, alone: PostgreSQL CPU per single-row INSERT (best of 3 blocks of ${TRIGGER_COST_INSERTS})`);
    for (const [variant, measured] of Object.entries(best)) {
      console.log(`  ${variant.padEnd(22)} ${measured.cpu_ms_per_insert} ms CPU, ${measured.wall_ms_per_insert} ms wall`);
    }
    return best;
  } finally {
    await client.end();
  }
}

/** Every row against every subject, alternately (the first subject changes from row to row), `ROUNDS` times. */
async function benchPostgres(subjects: Subject[], bare: { url: string; meter: CpuMeter }, results: Results) {
  for (const subject of subjects) await warmUpSubject(subject, postgresRows);
  await warmUp({ url: bare.url }, { connections: CONNECTIONS, requests: WARM_UP_REQUESTS });
  for (let round = 1; round <= ROUNDS; round++) {
    currentRound = round;
    if (ROUNDS > 1) console.log(`\nround ${round} of ${ROUNDS}`);
    for (const [index, row] of postgresRows.entries()) {
      const order = index % 2 === 0 ? subjects : [...subjects].reverse();
      for (const subject of order) {
        const target = row.target(subject);
        if (target) await run(`(${row.id})`, subject.name, row.name, target, subject.meter, results);
      }
      if (row.name === "create") await run("(e)", "bare", "bare_node", { url: bare.url }, bare.meter, results);
    }
  }
}

async function benchEmbedded(names: Subject["name"][], results: Results) {
  const subjects: Subject[] = [];
  try {
    for (const name of names) subjects.push(await startSubject(name, "pglite"));
    for (const subject of subjects) await warmUpSubject(subject, [{ id: "c", name: "embedded_entries", target: entriesTarget }]);
    for (let round = 1; round <= ROUNDS; round++) {
      currentRound = round;
      for (const subject of round % 2 === 1 ? subjects : [...subjects].reverse()) {
        await run("(c) embedded", subject.name, "embedded_entries", entriesTarget(subject), subject.meter, results);
      }
    }
  } finally {
    for (const subject of subjects) await stopSubject(subject);
  }
}

const ratio = (part: number | undefined, whole: number | undefined) => (part === undefined || !whole ? undefined : +(part / whole).toFixed(2));

function ratiosOf(cells: Results[string]) {
  const live = cells.live?.requests_per_second;
  return {
    user_vs_live: ratio(cells.user?.requests_per_second, live),
    entries_vs_live: ratio(cells.entries?.requests_per_second, live),
    create_vs_live: ratio(cells.create?.requests_per_second, live),
    not_modified_vs_live: ratio(cells.entries_not_modified?.requests_per_second, live),
    mcp_search_vs_entries: ratio(cells.mcp_search?.requests_per_second, cells.entries?.requests_per_second),
    live_vs_bare_node: ratio(live, cells.bare_node?.requests_per_second),
  };
}

/** Server CPU per request as a multiple of (c)'s. */
function cpuRatiosOf(cells: Results[string]) {
  const entries = cells.entries?.server_cpu_ms_per_request;
  return {
    report_cpu_vs_entries: ratio(cells.report?.server_cpu_ms_per_request, entries),
    search_cpu_vs_entries: ratio(cells.search?.server_cpu_ms_per_request, entries),
  };
}

/** The table: a line per row and subject, with its ratio to (a) of the same subject. */
function printTable(results: Results, subjectNames: string[]) {
  const header = ["row", "", "req/s", "÷ (a)", "p50 ms", "p99 ms", "max ms", "server ms/req", "PostgreSQL ms/req", "wrk ms/req", "others' cores"];
  const lines: string[][] = [];
  for (const [row, label] of Object.entries(rowNames) as [keyof typeof rowNames, string][]) {
    for (const subject of row === "bare_node" ? ["bare"] : subjectNames) {
      const m = results[subject]?.[row];
      if (!m) continue;
      // The embedded rows are divided by (a) of the same checkout: /api/live reads no database.
      const live = results[subject]?.live;
      lines.push([
        label,
        subject === "bare" ? "" : subject,
        String(m.requests_per_second),
        row === "bare_node" || row === "live" ? "" : String(ratio(m.requests_per_second, live?.requests_per_second) ?? ""),
        String(m.p50_ms),
        String(m.p99_ms),
        String(m.max_ms),
        String(m.server_cpu_ms_per_request),
        row === "embedded_entries" || row === "bare_node" ? "(in server)" : String(m.postgres_cpu_ms_per_request),
        String(m.wrk_cpu_ms_per_request),
        String(m.others_cores),
      ]);
    }
  }
  console.log(`\n${formatTable(header, lines)}`);
}

/** Each round's ratios to (a) of the same subject and round: pairs measured minutes apart at most. */
function printRoundRatios(subjectNames: string[]) {
  if (ROUNDS < 2) return;
  console.log("\nratios to (a) by round (the table keeps each cell's best run):");
  for (const subject of subjectNames) {
    for (const row of ["user", "entries", "create", "entries_not_modified", "mcp_search", "report", "search", "embedded_entries"] as const) {
      const perRound = Array.from({ length: ROUNDS }, (_, index) => {
        const of = (name: keyof typeof rowNames) =>
          runs.find((run) => run.round === index + 1 && run.subject === subject && run.row === name)?.measurement.requests_per_second;
        return ratio(of(row), of("live")) ?? "–";
      });
      if (perRound.some((value) => value !== "–")) console.log(`  ${rowNames[row].padEnd(42)} ${subject.padEnd(6)} ${perRound.join("  ")}`);
    }
  }
}

if (process.argv.includes("--help")) {
  console.log(
    'usage: npm run bench: builds, starts the server and measures its throughput with wrk (BENCH_DURATION seconds a run, default 10); BENCH_BEFORE=<checkout> compares another commit side by side; README.md, "Benchmarks"',
  );
  process.exit(0);
}
await ensureBuilds();
const names: Subject["name"][] = BEFORE ? ["before", "after"] : ["after"];
const bareServer = await startBareNodeServer();
const results: Results = {};
let triggerCosts: Awaited<ReturnType<typeof triggerCost>> | undefined;
const hookPushes: Partial<Record<Subject["name"], HookPushMeasurement>> = {};
try {
  console.log(
    `wrk: ${CONNECTIONS} connections, ${DURATION_SECONDS} s a run after ${WARM_UP_SECONDS} s of warm-up, ${ROUNDS} round(s); ${ENTRIES} entries seeded\n`,
  );
  const subjects: Subject[] = [];
  try {
    for (const name of names) subjects.push(await startSubject(name, "postgres"));
    await benchPostgres(subjects, { url: bareServer.url, meter: cpuMeter(bareServer.url) }, results);
    for (const subject of subjects) {
      if (!(await servesHooks(subject.server))) continue;
      hookPushes[subject.name] = await measureHookPushes(subject.server, subject.meter);
      console.log(describeHookPushes(`(h) ${subject.name}`, hookPushes[subject.name]!));
    }
    if (TRIGGER_COST) triggerCosts = await triggerCost(subjects.find((subject) => subject.name === "after")!);
  } finally {
    for (const subject of subjects) await stopSubject(subject);
  }
  await benchEmbedded(names, results);
} finally {
  bareServer.stop();
}

printTable(results, names);
for (const [name, measurement] of Object.entries(hookPushes)) console.log(describeHookPushes(`(h) hook push, ${name}`, measurement));
printRoundRatios(names);
const bare = results.bare?.bare_node;
const subjectResults = Object.fromEntries(
  names.map((name) => {
    const { embedded_entries, ...postgres } = results[name]!;
    return [
      name,
      {
        postgres: { ...postgres, bare_node: bare },
        embedded: { entries: embedded_entries },
        ratios: ratiosOf({ ...postgres, bare_node: bare }),
        cpu_ratios: cpuRatiosOf(postgres),
      },
    ];
  }),
);
const measured = subjectResults.after!;
const embeddedMax = measured.embedded.entries?.max_ms;
const met = {
  user_vs_live: (measured.ratios.user_vs_live ?? 0) >= targets.user_vs_live,
  entries_vs_live: (measured.ratios.entries_vs_live ?? 0) >= targets.entries_vs_live,
  create_vs_live: (measured.ratios.create_vs_live ?? 0) >= targets.create_vs_live,
  not_modified_vs_live: (measured.ratios.not_modified_vs_live ?? 0) >= targets.not_modified_vs_live,
  mcp_search_vs_entries: (measured.ratios.mcp_search_vs_entries ?? 0) >= targets.mcp_search_vs_entries,
  report_cpu_vs_entries: (measured.cpu_ratios.report_cpu_vs_entries ?? Infinity) <= cpuTargets.report_cpu_vs_entries,
  search_cpu_vs_entries: (measured.cpu_ratios.search_cpu_vs_entries ?? Infinity) <= cpuTargets.search_cpu_vs_entries,
  search_postgres_cpu: (measured.postgres.search?.postgres_cpu_ms_per_request ?? Infinity) <= SEARCH_POSTGRES_CPU_TARGET_MS,
  embedded_entries_max_latency: embeddedMax !== undefined && embeddedMax <= EMBEDDED_MAX_LATENCY_MS && (measured.embedded.entries?.errors.timeout ?? 0) === 0,
};
console.log(`\nratio (this checkout)${BEFORE ? "          before" : ""}  measured  target`);
for (const [name, value] of Object.entries(measured.ratios)) {
  const target = targets[name as keyof typeof targets];
  const before = BEFORE ? String(subjectResults.before!.ratios[name as keyof typeof measured.ratios] ?? "–").padStart(8) : "";
  if (value === undefined) continue;
  console.log(
    `${name.padEnd(31)}${before}${String(value).padStart(10)}  ${target === undefined ? "" : `≥ ${target} ${met[name as keyof typeof met] ? "met" : "MISSED"}`}`,
  );
}
console.log(`\nserver CPU per request ÷ (c)'s${BEFORE ? "          before" : ""}  measured  target`);
for (const [name, value] of Object.entries(measured.cpu_ratios)) {
  const before = BEFORE ? String(subjectResults.before!.cpu_ratios[name as keyof typeof measured.cpu_ratios] ?? "–").padStart(8) : "";
  if (value === undefined) continue;
  console.log(
    `${name.padEnd(31)}${before}${String(value).padStart(10)}  ≤ ${cpuTargets[name as keyof typeof cpuTargets]} ${met[name as keyof typeof met] ? "met" : "MISSED"}`,
  );
}
console.log(
  `(j) PostgreSQL CPU per request  ${BEFORE ? String(subjectResults.before!.postgres.search?.postgres_cpu_ms_per_request ?? "–").padStart(8) : ""}${String(measured.postgres.search?.postgres_cpu_ms_per_request).padStart(7)} ms  ≤ ${SEARCH_POSTGRES_CPU_TARGET_MS} ms ${met.search_postgres_cpu ? "met" : "MISSED"}`,
);
console.log(
  `embedded (c) max latency        ${BEFORE ? "        " : ""}${String(embeddedMax).padStart(7)} ms  ≤ ${EMBEDDED_MAX_LATENCY_MS} ms ${met.embedded_entries_max_latency ? "met" : "MISSED"}`,
);
const output = {
  measured_at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version, load_average: os.loadavg() },
  runs,
  settings: {
    tool: "wrk",
    quiet_wait_seconds: QUIET_WAIT_SECONDS,
    connections: CONNECTIONS,
    duration_seconds: DURATION_SECONDS,
    warm_up_seconds: WARM_UP_SECONDS,
    rounds: ROUNDS,
    entries: ENTRIES,
    before: BEFORE ?? null,
  },
  ...measured,
  ...(BEFORE ? { before: subjectResults.before } : {}),
  ...(triggerCosts ? { trigger_cost_per_insert: triggerCosts } : {}),
  hook_pushes: hookPushes,
  targets: { ...targets, ...cpuTargets, search_postgres_cpu_ms: SEARCH_POSTGRES_CPU_TARGET_MS, embedded_entries_max_latency_ms: EMBEDDED_MAX_LATENCY_MS },
  met,
};
const file = path.join(import.meta.dirname, "results.json");
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
process.exit(0);
