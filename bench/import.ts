// `npm run bench:import`: the import under hostile and large documents, through a real
// `next start` on PostgreSQL, for this checkout and, with BENCH_BEFORE=<another checkout, built
// with its own node_modules>, that one too, side by side:
//   (a) POST /api/v1/import?format=jrnl of `{"entries":[{},{},…]}`, 349 000 empty items (1 MiB)
//   (b) POST /api/v1/import of a valid Worklog export of 43 000 entries (about 5 MiB); a 202 is
//       followed on GET /api/v1/import/{id} until the job has ended
// For each: the time to the answer (and to the end of the job), the answer's size, the server's
// peak RSS during the case (VmHWM of the next-server process, reset before it through
// /proc/<pid>/clear_refs; each case on a server of its own) and another account's GET /api/v1/worklog/entries meanwhile, from wrk
// in a process of its own (2 connections, for BENCH_WINDOW seconds from the moment the import is
// sent). BENCH_LARGEST=1 adds (c): a valid Worklog export of 50 MiB (100 000 entries of about
// 500 bytes), the largest document the import takes. Prints a table.
import path from "node:path";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer, type PrivateServer } from "../tests/support/server";
import { memoryMiB, nextServerPid, resetPeakMemory } from "./next-server-memory";
import { basicAuthorization, runWrk, type WrkRun } from "./wrk";

const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW ?? 40);
const BEFORE = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;
const here = path.resolve(import.meta.dirname, "..");

if (process.argv.includes("--help")) {
  console.log(
    'usage: npm run bench:import: builds, then imports a hostile 1 MiB and a valid 5 MiB document (BENCH_LARGEST=1: and 50 MiB) through next start on PostgreSQL, for this checkout and BENCH_BEFORE=<checkout>; README.md, "Benchmarks"',
  );
  process.exit(0);
}

const hostileDocument = () => `{"entries":[${Array.from({ length: 349_000 }, () => "{}").join(",")}]}`;

function largeExport(): string {
  const start = Date.UTC(2020, 0, 1);
  const entries = Array.from({ length: 43_000 }, (_, index) => ({
    id: crypto.randomUUID(),
    content: `Import benchmark, part ${index}`,
    recorded_at: new Date(start + index * 3_600_000).toISOString(),
  }));
  return JSON.stringify({ format: "worklog-export", version: 1, projects: [], repositories: [], commits: [], entries });
}

/** 100 000 entries whose content fills the document to just under 50 MiB. */
function largestExport(): string {
  const start = Date.UTC(2000, 0, 1);
  const filler = "x".repeat(410);
  const entries = Array.from({ length: 100_000 }, (_, index) => ({
    id: crypto.randomUUID(),
    content: `Part ${index} ${filler}`,
    recorded_at: new Date(start + index * 3_600_000).toISOString(),
  }));
  return JSON.stringify({ format: "worklog-export", version: 1, projects: [], repositories: [], commits: [], entries });
}

type CaseResult = {
  status: number;
  answer_ms: number;
  done_ms: number;
  body_bytes: number;
  outcome: string;
  peak_rss_mib: number;
  rss_before_mib: number;
  reader: WrkRun;
};

async function newKey(server: PrivateServer, email: string) {
  await server.createUser({ email });
  return server.createKey(email, ["user:*", "project:*", "repo:*", "worklog:*"]);
}

/** Follows a 202's import until it has ended. */
async function jobEnd(server: PrivateServer, key: string, id: string): Promise<string> {
  for (;;) {
    const resource = (await (await fetch(`${server.url}/api/v1/import/${id}`, { headers: { authorization: basicAuthorization(key) } })).json()) as {
      status: string;
      processed: number;
    };
    if (resource.status === "succeeded" || resource.status === "failed") return `${resource.status}, ${resource.processed} items`;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function runCase(server: PrivateServer, pid: number, readerKey: string, query: string, document: string): Promise<CaseResult> {
  const key = await newKey(server, `importer-${crypto.randomUUID()}@example.com`);
  resetPeakMemory(pid);
  const rssBefore = memoryMiB(pid, "VmRSS");
  const reader = runWrk(
    { url: `${server.url}/api/v1/worklog/entries`, headers: { authorization: basicAuthorization(readerKey) } },
    { connections: 2, seconds: WINDOW_SECONDS },
  );
  const started = performance.now();
  const response = await fetch(`${server.url}/api/v1/import${query}`, {
    method: "POST",
    headers: { authorization: basicAuthorization(key), "content-type": "application/json" },
    body: document,
  });
  const body = await response.text();
  const answered = performance.now() - started;
  let outcome = body.slice(0, 120);
  if (response.status === 202) outcome = await jobEnd(server, key, (JSON.parse(body) as { id: string }).id);
  else if (response.status === 422) outcome = `${(JSON.parse(body) as { errors: unknown[] }).errors.length} problems listed`;
  const done = performance.now() - started;
  return {
    status: response.status,
    answer_ms: Math.round(answered),
    done_ms: Math.round(done),
    body_bytes: body.length,
    outcome,
    peak_rss_mib: Math.round(memoryMiB(pid, "VmHWM")),
    rss_before_mib: Math.round(rssBefore),
    reader: await reader,
  };
}

/** One case on a server of its own, started for it: its peak RSS is the case's alone. */
async function onFreshServer(name: string, root: string, label: string, query: string, document: string): Promise<CaseResult> {
  const server = await startServer({ backend: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1000000" }, root });
  try {
    const readerKey = await newKey(server, "reader@example.com");
    for (let index = 0; index < 25; index++) {
      await fetch(`${server.url}/api/v1/worklog/entries`, {
        method: "POST",
        headers: { authorization: basicAuthorization(readerKey), "content-type": "application/json" },
        body: JSON.stringify({ content: `Entry ${index}` }),
      });
    }
    const result = await runCase(server, nextServerPid(server), readerKey, query, document);
    console.log(`[bench] ${name} ${label}`, JSON.stringify(result));
    return result;
  } finally {
    await server.stop();
  }
}

async function measureCheckout(name: string, root: string) {
  console.log(`[bench] ${name}: next start of ${root}`);
  const hostile = await onFreshServer(name, root, "(a)", "?format=jrnl", hostileDocument());
  const large = await onFreshServer(name, root, "(b)", "", largeExport());
  const largest = process.env.BENCH_LARGEST === "1" ? await onFreshServer(name, root, "(c)", "", largestExport()) : undefined;
  return { name, hostile, large, largest };
}

ensureBuild();
console.log(
  `[bench] documents: (a) ${hostileDocument().length} bytes, (b) ${largeExport().length} bytes${process.env.BENCH_LARGEST === "1" ? `, (c) ${largestExport().length} bytes` : ""}`,
);
const results = [];
if (BEFORE) results.push(await measureCheckout("before", BEFORE));
results.push(await measureCheckout("after", here));

const row = (name: string, label: string, result: CaseResult) =>
  `| ${name} | ${label} | ${result.status} | ${result.answer_ms} | ${result.done_ms} | ${result.body_bytes} | ${result.rss_before_mib} → ${result.peak_rss_mib} | ${result.reader.p50_ms} / ${result.reader.p99_ms} / ${result.reader.max_ms} | ${result.reader.requests} | ${result.outcome} |`;
console.log(
  "\n| checkout | case | status | answer ms | done ms | body bytes | RSS MiB (before → peak) | other account's GET p50 / p99 / max ms | GETs | outcome |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const { name, hostile, large, largest } of results) {
  console.log(row(name, "(a) 349 000 empty jrnl items", hostile));
  console.log(row(name, "(b) 43 000 entries, Worklog export", large));
  if (largest) console.log(row(name, "(c) 100 000 entries, 50 MiB", largest));
}
