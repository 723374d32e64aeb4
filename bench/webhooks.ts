// `npm run bench:webhooks`: what outbound webhooks cost, on a production server on PostgreSQL
// whose WEBHOOK_ALLOWED_HOSTS names a local receiver (bench/webhook-receiver.ts, a process of its
// own that answers 204 and counts deliveries by `webhook-id`):
//   (w1) 1 000 entries written in one statement (BENCH_WEBHOOK_EVENTS), to an account with one
//        webhook subscribed to entry.created: deliveries per second from the first event to the
//        last delivery received, the server's and its PostgreSQL backends' CPU per delivery
//        (/proc), each event received exactly once, a sample of signatures verified with the
//        `standardwebhooks` package.
//   (d) POST /api/v1/worklog/entries with wrk as `npm run bench` runs it (50 connections,
//       BENCH_DURATION seconds), without any enabled webhook, and (d+hook) with one enabled
//       webhook of the writing account subscribed to every entry event (entry.created, .updated,
//       .deleted), alternately, BENCH_ROUNDS rounds (3 unless given); the ratio of their best
//       runs (target ≥ 0.9). Each run starts with no delivery due; what it leaves due is drained
//       after it, and counted in its CPU per write.
//   (f) another account's test event and recap, alone and under one account's slow webhooks: the
//       ratio of their times (bench/webhook-fairness.ts, target ≤ 2).
// BENCH_BEFORE=<another checkout> (built, with its node_modules) runs all of it against both,
// the runs of (d) and (d+hook) of both alternating, for before/after ratios measured side by side.
// Prints a table and writes bench/results-webhooks.json.
import { fork } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import pg from "pg";
import { Webhook } from "standardwebhooks";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer, type PrivateServer } from "../tests/support/server";
import { createAccount, entryCreateTarget, READ_WRITE_SCOPES } from "./accounts";
import { insertEntries } from "./seed";
import { fairnessTarget, measureFairness, startSlowReceiver, type FairnessMeasurement, type SlowReceiver } from "./webhook-fairness";
import type { ReceiverCount } from "./webhook-receiver";
import { cpuMeter, cpuUsed, describe, formatTable, measure, runWrk, type CpuMeter, type Measurement } from "./wrk";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const QUIET_WAIT_SECONDS = Number(process.env.BENCH_QUIET_WAIT ?? 20);
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1_000);
const CONNECTIONS = 50;
const DRAIN_TIMEOUT_MS = 300_000;
const BEFORE = process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined;
const targets = { hook_vs_plain: 0.9, fairness_ratio: fairnessTarget };
const here = path.resolve(import.meta.dirname, "..");

/** The receiver's process: its URL, what it counted so far, and a way to forget it. */
async function startReceiver() {
  const child = fork(path.join(import.meta.dirname, "webhook-receiver.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const next = <Answer>(key: string) =>
    new Promise<Answer>((resolve) => {
      const listener = (message: Record<string, unknown>) => {
        if (!(key in message)) return;
        child.off("message", listener);
        resolve(message[key] as Answer);
      };
      child.on("message", listener);
    });
  const port = await next<number>("port");
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    count: () => {
      child.send("count");
      return next<ReceiverCount>("count");
    },
    reset: async () => {
      child.send("reset");
      await next("reset");
    },
    stop: () => child.kill(),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

type Endpoint = { id: string; secret: string };

async function expectJson<Body>(response: Response, status: number): Promise<Body> {
  const body = await response.json();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body as Body;
}

async function createEndpoint(server: PrivateServer, key: string, url: string, events: string[], enabled: boolean): Promise<Endpoint> {
  return expectJson(
    await server.request("/api/v1/webhooks", { key, method: "POST", body: { endpoint_url: url, events, enabled, description: "Benchmark" } }),
    201,
  );
}

async function setEnabled(server: PrivateServer, key: string, endpoint: Endpoint, enabled: boolean) {
  await expectJson(await server.request(`/api/v1/webhooks/${endpoint.id}`, { key, method: "PUT", body: { enabled } }), 200);
}

async function dueDeliveries(database: pg.Client): Promise<number> {
  const { rows } = await database.query<{ count: number }>("SELECT count(*)::int AS count FROM jobs WHERE kind = 'webhook.delivery' AND failed_at IS NULL");
  return rows[0]!.count;
}

/** Waits until no delivery is left to run; answers how long it took. */
async function drained(database: pg.Client): Promise<number> {
  const started = Date.now();
  while ((await dueDeliveries(database)) > 0) {
    if (Date.now() - started > DRAIN_TIMEOUT_MS) throw new Error(`deliveries were still due after ${DRAIN_TIMEOUT_MS / 1000} s`);
    await setTimeout(100);
  }
  return Date.now() - started;
}

/** How the deliveries received match the events: each once, or how often not. */
async function receivedOnce(database: pg.Client, userId: string, counted: ReceiverCount, secret: string) {
  const { rows } = await database.query<{ id: string }>("SELECT id::text FROM webhook_events WHERE user_id = $1", [userId]);
  const events = new Set(rows.map(({ id }) => id));
  const webhook = new Webhook(secret);
  let verified = 0;
  for (const sample of counted.samples) {
    webhook.verify(sample.body, sample.headers); // throws on a wrong signature
    verified++;
  }
  return {
    events: events.size,
    missing: [...events].filter((id) => !counted.byId[id]).length,
    duplicated: Object.entries(counted.byId).filter(([id, times]) => events.has(id) && times > 1).length,
    unknown: Object.keys(counted.byId).filter((id) => !events.has(id)).length,
    signatures_verified: verified,
  };
}

type DeliveryMeasurement = Awaited<ReturnType<typeof receivedOnce>> & {
  deliveries: number;
  deliveries_per_second: number;
  /** From the first delivery received to the last: the workers' pace once they are at it. */
  deliveries_per_second_after_first: number;
  first_delivery_after_ms: number;
  last_delivery_after_ms: number;
  server_cpu_ms_per_delivery: number;
  postgres_cpu_ms_per_delivery: number;
};

/** (w1): EVENTS entries in one statement, whose trigger writes their events and deliveries; the time until the last is received. */
async function measureDeliveries(server: PrivateServer, database: pg.Client, meter: CpuMeter, receiver: Receiver): Promise<DeliveryMeasurement> {
  const account = await createAccount(server, "deliveries@example.com", [...READ_WRITE_SCOPES, "user:write"]);
  const endpoint = await createEndpoint(server, account.key, `${receiver.url}/w1`, ["entry.created"], true);
  await receiver.reset();
  const before = await meter();
  await insertEntries(database, { userId: account.userId, count: EVENTS, projectIds: [account.projectId], tagSets: [["perf"]] });
  let counted = await receiver.count();
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (counted.received < EVENTS && Date.now() < deadline) {
    await setTimeout(20);
    counted = await receiver.count();
  }
  const used = cpuUsed(before, await meter());
  if (counted.received < EVENTS) throw new Error(`(w1): ${counted.received} of ${EVENTS} deliveries received in ${DRAIN_TIMEOUT_MS / 1000} s`);
  await drained(database);
  const { rows } = await database.query<{ first: Date }>("SELECT min(created_at) AS first FROM webhook_events WHERE user_id = $1", [account.userId]);
  const firstEventAt = rows[0]!.first.getTime();
  const final = await receiver.count();
  const received = await receivedOnce(database, account.userId, final, endpoint.secret);
  // (d) without a webhook is measured with no enabled webhook in the database at all.
  const deleted = await server.request(`/api/v1/webhooks/${endpoint.id}`, { key: account.key, method: "DELETE" });
  if (!deleted.ok) throw new Error(`deleting the webhook answered ${deleted.status}`);
  const perDelivery = (seconds: number) => +((seconds * 1000) / EVENTS).toFixed(3);
  return {
    ...received,
    deliveries: final.received,
    deliveries_per_second: Math.round(EVENTS / ((counted.lastAt! - firstEventAt) / 1000)),
    deliveries_per_second_after_first: Math.round((EVENTS - 1) / ((counted.lastAt! - counted.firstAt!) / 1000)),
    first_delivery_after_ms: counted.firstAt! - firstEventAt,
    last_delivery_after_ms: counted.lastAt! - firstEventAt,
    server_cpu_ms_per_delivery: perDelivery(used.server),
    postgres_cpu_ms_per_delivery: perDelivery(used.postgres),
  };
}

type WriteRun = Measurement & {
  round: number;
  /** Deliveries received while wrk ran, those still due when it stopped, and the time they took after it. */
  delivered_during_run: number;
  due_after_run: number;
  drain_ms: number;
  /** The server's and PostgreSQL's CPU per write, the deliveries drained after the run included. */
  server_cpu_ms_per_request_with_drain: number;
  postgres_cpu_ms_per_request_with_drain: number;
};

type Variant = "plain" | "hook";
const variantNames: Record<Variant, string> = { plain: "(d) POST entries, no webhook", hook: "(d+hook) POST entries, 1 webhook on entries" };

/** A checkout under test: its server, a connection of the benchmark's to its database, its writer and the writer's webhook. */
type Subject = {
  name: "before" | "after";
  server: PrivateServer;
  database: pg.Client;
  meter: CpuMeter;
  writerKey: string;
  endpoint: Endpoint;
};

async function startSubject(name: Subject["name"], receiver: Receiver, slow: SlowReceiver): Promise<Subject> {
  const env = { RATE_LIMIT_PER_MINUTE: "1000000", WEBHOOK_ALLOWED_HOSTS: `${receiver.host},${slow.host}` };
  const server = await startServer({ backend: "postgres", root: name === "before" ? BEFORE : here, env });
  const database = new pg.Client({ connectionString: server.env.DATABASE_URL });
  try {
    await database.connect();
    const writer = await createAccount(server, "writer@example.com", [...READ_WRITE_SCOPES, "user:write"]);
    const endpoint = await createEndpoint(server, writer.key, `${receiver.url}/d`, ["entry.created", "entry.updated", "entry.deleted"], false);
    console.log(`${name}: server at ${server.url} (${name === "before" ? BEFORE : here})`);
    return { name, server, database, meter: cpuMeter(server.url, database), writerKey: writer.key, endpoint };
  } catch (error) {
    await database.end().catch(() => undefined);
    await server.stop();
    throw error;
  }
}

/** One run of (d) or (d+hook) on a subject, from a queue with nothing due; what it leaves due is drained and counted. */
async function measureWrite(subject: Subject, variant: Variant, round: number, receiver: Receiver): Promise<WriteRun> {
  const { server, database, meter } = subject;
  const target = entryCreateTarget(server, subject.writerKey);
  await setEnabled(server, subject.writerKey, subject.endpoint, variant === "hook");
  await runWrk(target, { connections: CONNECTIONS, seconds: WARM_UP_SECONDS });
  await drained(database);
  await receiver.reset();
  const measurement = await measure(`${variantNames[variant]} (${subject.name})`, target, meter, {
    connections: CONNECTIONS,
    seconds: DURATION_SECONDS,
    warmUpSeconds: 0,
    quietWaitSeconds: QUIET_WAIT_SECONDS,
  });
  const deliveredDuringRun = (await receiver.count()).received;
  const dueAfterRun = await dueDeliveries(database);
  const before = await meter();
  const drainMs = await drained(database);
  const drain = cpuUsed(before, await meter());
  await setEnabled(server, subject.writerKey, subject.endpoint, false);
  const perRequest = (ms: number, seconds: number) => +(ms + (seconds * 1000) / measurement.requests).toFixed(3);
  console.log(
    describe(`round ${round} ${variant.padEnd(5)} ${subject.name.padEnd(6)}`, measurement) +
      (variant === "hook" ? `  delivered ${deliveredDuringRun} during the run, ${dueAfterRun} due after it, drained in ${(drainMs / 1000).toFixed(1)} s` : ""),
  );
  return {
    ...measurement,
    round,
    delivered_during_run: deliveredDuringRun,
    due_after_run: dueAfterRun,
    drain_ms: drainMs,
    server_cpu_ms_per_request_with_drain: perRequest(measurement.server_cpu_ms_per_request, drain.server),
    postgres_cpu_ms_per_request_with_drain: perRequest(measurement.postgres_cpu_ms_per_request, drain.postgres),
  };
}

type SubjectResult = { deliveries: DeliveryMeasurement; fairness: FairnessMeasurement; runs: Record<Variant, WriteRun[]> };

const best = (runs: WriteRun[]) => runs.reduce((kept, run) => (run.requests_per_second > kept.requests_per_second ? run : kept));
const ratio = (part: number, whole: number) => +(part / whole).toFixed(2);

/** (w1) and (f) on each subject, then (d) and (d+hook) on each, alternately: the order of the runs turns round from round to round. */
async function benchSubjects(subjects: Subject[], receiver: Receiver, slow: SlowReceiver): Promise<Partial<Record<Subject["name"], SubjectResult>>> {
  const results: Partial<Record<Subject["name"], SubjectResult>> = {};
  for (const subject of subjects) {
    const deliveries = await measureDeliveries(subject.server, subject.database, subject.meter, receiver);
    console.log(`(w1) ${subject.name}: ${JSON.stringify(deliveries)}`);
    const fairness = await measureFairness(subject.server, subject.database, receiver.url, slow, () => drained(subject.database));
    console.log(`(f) ${subject.name}: ${JSON.stringify(fairness)}`);
    results[subject.name] = { deliveries, fairness, runs: { plain: [], hook: [] } };
  }
  const order = subjects.flatMap((subject) => (["plain", "hook"] as const).map((variant) => ({ subject, variant })));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { subject, variant } of round % 2 === 1 ? order : order.toReversed()) {
      results[subject.name]!.runs[variant].push(await measureWrite(subject, variant, round, receiver));
    }
  }
  return results;
}

if (process.argv.includes("--help")) {
  console.log(
    'usage: npm run bench:webhooks: builds, starts the server on PostgreSQL and a local receiver; measures 1 000 deliveries (BENCH_WEBHOOK_EVENTS), the work of another account under slow webhooks (BENCH_FAIRNESS_REPEATS) and (d) without and with a webhook (BENCH_ROUNDS, BENCH_DURATION); BENCH_BEFORE=<checkout> compares another commit; README.md, "Benchmarks"',
  );
  process.exit(0);
}
ensureBuild();
if (BEFORE) ((await import(path.join(BEFORE, "scripts/build.mjs"))) as { ensureBuild: () => void }).ensureBuild();
const receiver = await startReceiver();
const slow = await startSlowReceiver();
const subjects: Subject[] = [];
let results: Awaited<ReturnType<typeof benchSubjects>>;
try {
  for (const name of BEFORE ? (["before", "after"] as const) : (["after"] as const)) subjects.push(await startSubject(name, receiver, slow));
  console.log(`receiver at ${receiver.url}; wrk: ${CONNECTIONS} connections, ${DURATION_SECONDS} s a run, ${ROUNDS} round(s)\n`);
  results = await benchSubjects(subjects, receiver, slow);
} finally {
  for (const { server, database } of subjects) {
    await database.end().catch(() => undefined);
    await server.stop();
  }
  receiver.stop();
  slow.stop();
}

const summaries = Object.entries(results).map(([name, { deliveries, fairness, runs }]) => {
  const plain = best(runs.plain);
  const hook = best(runs.hook);
  const byRound = runs.plain.map((run, index) => ratio(runs.hook[index]!.requests_per_second, run.requests_per_second));
  return {
    name,
    deliveries,
    fairness,
    plain,
    hook,
    hook_vs_plain: ratio(hook.requests_per_second, plain.requests_per_second),
    hook_vs_plain_by_round: byRound,
    runs,
  };
});
const writeLine = (name: string, variant: Variant, m: WriteRun) => [
  variantNames[variant],
  name,
  String(m.requests_per_second),
  String(m.p50_ms),
  String(m.p99_ms),
  String(m.server_cpu_ms_per_request),
  String(m.postgres_cpu_ms_per_request),
  String(m.server_cpu_ms_per_request_with_drain),
  String(m.postgres_cpu_ms_per_request_with_drain),
  variant === "hook" ? `${m.delivered_during_run} / ${m.due_after_run} / ${(m.drain_ms / 1000).toFixed(1)} s` : "",
  String(m.others_cores),
];
console.log(
  `\n${formatTable(
    [
      "row (best run of each)",
      "",
      "req/s",
      "p50 ms",
      "p99 ms",
      "server ms/req",
      "PostgreSQL ms/req",
      "+ drain: server",
      "+ drain: PostgreSQL",
      "delivered / due after / drain",
      "others' cores",
    ],
    summaries.flatMap(({ name, plain, hook }) => [writeLine(name, "plain", plain), writeLine(name, "hook", hook)]),
  )}`,
);
for (const { name, hook_vs_plain, hook_vs_plain_by_round } of summaries) {
  console.log(`(d+hook) ÷ (d), ${name}: ${hook_vs_plain} (best runs); by round ${hook_vs_plain_by_round.join("  ")}`);
}
console.log(
  `\n${formatTable(
    [
      "(w1) deliveries",
      "",
      "deliveries/s",
      "after the first",
      "first after ms",
      "last after ms",
      "server ms/delivery",
      "PostgreSQL ms/delivery",
      "missing",
      "duplicated",
      "signatures",
    ],
    summaries.map(({ name, deliveries }) => [
      `${deliveries.events} events`,
      name,
      String(deliveries.deliveries_per_second),
      String(deliveries.deliveries_per_second_after_first),
      String(deliveries.first_delivery_after_ms),
      String(deliveries.last_delivery_after_ms),
      String(deliveries.server_cpu_ms_per_delivery),
      String(deliveries.postgres_cpu_ms_per_delivery),
      String(deliveries.missing),
      String(deliveries.duplicated),
      `${deliveries.signatures_verified} verified`,
    ]),
  )}`,
);
console.log(
  `\n${formatTable(
    [
      "(f) another account's work",
      "",
      "test event alone ms",
      "under slow load ms",
      "ratio",
      "recap alone ms",
      "under slow load ms",
      "ratio",
      "slow requests held",
    ],
    summaries.map(({ name, fairness }) => [
      "slow webhooks of one account",
      name,
      String(fairness.alone.test_delivery_ms),
      String(fairness.under_slow_load.test_delivery_ms),
      String(fairness.ratio.test_delivery),
      String(fairness.alone.recap_ms),
      String(fairness.under_slow_load.recap_ms),
      String(fairness.ratio.recap),
      String(fairness.slow_requests_held),
    ]),
  )}`,
);
const measured = summaries.find(({ name }) => name === "after")!;
const met = {
  hook_vs_plain: measured.hook_vs_plain >= targets.hook_vs_plain,
  fairness: Math.max(measured.fairness.ratio.test_delivery, measured.fairness.ratio.recap) <= targets.fairness_ratio,
  each_event_once: measured.deliveries.missing === 0 && measured.deliveries.duplicated === 0 && measured.deliveries.unknown === 0,
};
console.log(
  `\nhook_vs_plain ${measured.hook_vs_plain}  ≥ ${targets.hook_vs_plain} ${met.hook_vs_plain ? "met" : "MISSED"}; each event received once: ${met.each_event_once ? "yes" : "NO"}`,
);
console.log(
  `another account's work under slow webhooks ÷ alone: ${measured.fairness.ratio.test_delivery}, ${measured.fairness.ratio.recap}  ≤ ${targets.fairness_ratio} ${met.fairness ? "met" : "MISSED"}`,
);
const output = {
  measured_at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version, load_average: os.loadavg() },
  settings: {
    tool: "wrk",
    connections: CONNECTIONS,
    duration_seconds: DURATION_SECONDS,
    warm_up_seconds: WARM_UP_SECONDS,
    rounds: ROUNDS,
    events: EVENTS,
    quiet_wait_seconds: QUIET_WAIT_SECONDS,
    before: BEFORE ?? null,
  },
  ...measured,
  ...(BEFORE ? { before: summaries.find(({ name }) => name === "before") } : {}),
  targets,
  met,
};
const file = path.join(import.meta.dirname, "results-webhooks.json");
writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
process.exit(0);
