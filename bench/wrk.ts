// What the benchmarks share: load from wrk in a process of its own (so that the load generator's
// work is not the measured server's, and not the benchmark's either), and the CPU time the server
// and its PostgreSQL backends spent meanwhile, read from /proc.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout } from "node:timers/promises";
import pg from "pg";

const CLOCK_TICKS_PER_SECOND = 100;

export const basicAuthorization = (key: string) => `Basic ${Buffer.from(`${key}:`).toString("base64")}`;

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** CPU seconds of this process, and of its children that have ended and been waited for (the wrk runs). */
function ownSeconds(): { self: number; children: number } {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ").map(Number);
  return { self: (fields[11]! + fields[12]!) / CLOCK_TICKS_PER_SECOND, children: (fields[13]! + fields[14]!) / CLOCK_TICKS_PER_SECOND };
}

/** The machine's busy and total CPU seconds (all cores), from /proc/stat. */
function machineSeconds(): { busy: number; total: number } {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = fields[3]! + fields[4]!; // idle + iowait
  return { busy: (total - idle) / CLOCK_TICKS_PER_SECOND, total: total / CLOCK_TICKS_PER_SECOND };
}

/** The process listening on a loopback port: `npm start` runs `next start` as a child of its own. */
export function listeningPid(port: number): number {
  const portHex = port.toString(16).toUpperCase().padStart(4, "0");
  const listening = ["/proc/net/tcp", "/proc/net/tcp6"]
    .flatMap((table) => readFileSync(table, "utf8").split("\n"))
    .map((line) => line.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${portHex}`) && fields[3] === "0A");
  if (!listening) throw new Error(`nothing listens on port ${port}`);
  const socket = `socket:[${listening[9]}]`;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (readdirSync(`/proc/${pid}/fd`).some((fd) => readlinkSync(`/proc/${pid}/fd/${fd}`) === socket)) return Number(pid);
    } catch {
      // another user's process, or one that has ended
    }
  }
  throw new Error(`no process of ours holds the socket of port ${port}`);
}

export type CpuSample = { server: number; postgres: Map<number, number>; machine: { busy: number; total: number }; own: { self: number; children: number } };
export type CpuMeter = () => Promise<CpuSample>;

/**
 * CPU seconds of the server listening at `url` and of its database's PostgreSQL backends (none
 * for the embedded database, which runs inside the server), to take differences of. `database`
 * is a connection of the benchmark's own to that database: its backend is left out.
 */
export function cpuMeter(url: string, database?: pg.Client): CpuMeter {
  const serverPid = listeningPid(Number(new URL(url).port));
  return async () => {
    const postgres = new Map<number, number>();
    if (database) {
      const { rows } = await database.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()");
      for (const { pid } of rows) {
        try {
          postgres.set(pid, cpuSeconds(pid));
        } catch {
          // a backend that has just ended
        }
      }
    }
    return { server: cpuSeconds(serverPid), postgres, machine: machineSeconds(), own: ownSeconds() };
  };
}

/**
 * CPU seconds between two samples; a backend that began meanwhile counts from zero, one that ended
 * is lost. `wrk` is what the load generator used (a child of this process, once it has ended);
 * `othersCores` is the rest of the machine's busy time (other users' work: the noise) in cores.
 */
export function cpuUsed(before: CpuSample, after: CpuSample) {
  let postgres = 0;
  for (const [pid, seconds] of after.postgres) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const server = after.server - before.server;
  const wrk = after.own.children - before.own.children;
  const busy = after.machine.busy - before.machine.busy;
  const total = after.machine.total - before.machine.total;
  const wall = total / os.cpus().length;
  const others = Math.max(0, busy - server - postgres - wrk - (after.own.self - before.own.self));
  return { server, postgres, wrk, machineBusy: busy / total, othersCores: others / wall };
}

/** The cores other processes keep busy now, over `seconds`, while this benchmark's servers idle. */
async function othersNow(meter: CpuMeter, seconds: number): Promise<number> {
  const before = await meter();
  await setTimeout(seconds * 1000);
  return cpuUsed(before, await meter()).othersCores;
}

const QUIET_CORES = 0.5;

/**
 * Waits, up to `maxSeconds`, until the machine's other users keep less than half a core busy:
 * the machine is shared, and their bursts (builds, test suites) come and go. Answers the cores
 * they used just before the run.
 */
export async function waitForQuiet(meter: CpuMeter, maxSeconds: number): Promise<number> {
  const deadline = Date.now() + maxSeconds * 1000;
  let others = await othersNow(meter, 1);
  while (others >= QUIET_CORES && Date.now() < deadline) others = await othersNow(meter, 2);
  return +others.toFixed(2);
}

export type LoadTarget = {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The one status every answer must have; 200 unless given. */
  expectedStatus?: number;
};

export type WrkRun = {
  requests: number;
  requests_per_second: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Answers by status, counted by the script's `response` hook. */
  statuses: Record<string, number>;
  /** wrk's own counts: socket errors, timeouts and answers that were not 2xx or 3xx. */
  errors: { connect: number; read: number; write: number; timeout: number; non_2xx_3xx: number };
};

/** A Lua string literal for any text without `]==]`. */
function luaString(text: string): string {
  if (text.includes("]==]")) throw new Error(`cannot quote ${JSON.stringify(text)} for Lua`);
  return `[==[${text}]==]`;
}

/**
 * The script of a run: the request's method, headers and body, a count of the answers by status
 * per thread, and at the end one line `WRK_RESULT {json}` with wrk's summary and latencies (µs).
 */
function wrkScript({ method = "GET", headers = {}, body }: LoadTarget, stopAfterPerThread = 0): string {
  return `wrk.method = ${luaString(method)}
${body === undefined ? "" : `wrk.body = ${luaString(body)}`}
${Object.entries(headers)
  .map(([name, value]) => `wrk.headers[ ${luaString(name)} ] = ${luaString(value)}`)
  .join("\n")}
statuses = {}
local answered, stop_after = 0, ${stopAfterPerThread}
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
  answered = answered + 1
  if answered == stop_after then
    io.write("WRK_THREAD_DONE\\n")
    io.flush()
    wrk.thread:stop()
  end
end
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function done(summary, latency, requests)
  local counted = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do counted[status] = (counted[status] or 0) + count end
  end
  local parts = {}
  for status, count in pairs(counted) do table.insert(parts, string.format('"%d":%d', status, count)) end
  local e = summary.errors
  io.write(string.format('WRK_RESULT {"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,"max_us":%d,' ..
    '"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"non_2xx_3xx":%d},"statuses":{%s}}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.timeout, e.status, table.concat(parts, ",")))
end
`;
}

const THREADS = 2;

/** Runs wrk and answers its output; once every thread has said it is done, SIGINT ends the run (wrk then reports). */
function wrkOutput(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", args, { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      if (stdout.split("WRK_THREAD_DONE").length - 1 === THREADS) child.kill("SIGINT");
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`wrk ${args.join(" ")} exited with ${code}:\n${stdout}${stderr}`))));
  });
}

/**
 * wrk, as a process of its own, on one target (2 threads, `connections` connections, `seconds`
 * seconds, or until `requests` have been answered if given).
 */
export async function runWrk(
  target: LoadTarget,
  { connections, seconds, requests }: { connections: number; seconds: number; requests?: number },
): Promise<WrkRun> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "worklog-wrk-"));
  const script = path.join(directory, "run.lua");
  writeFileSync(script, wrkScript(target, requests ? Math.ceil(requests / THREADS) : 0));
  try {
    const stdout = await wrkOutput([`-t${THREADS}`, `-c${Math.max(connections, THREADS)}`, `-d${seconds}s`, "--timeout", "10s", "-s", script, target.url]);
    const line = stdout.split("\n").find((text) => text.startsWith("WRK_RESULT "));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const result = JSON.parse(line.slice("WRK_RESULT ".length)) as {
      requests: number;
      duration_us: number;
      p50_us: number;
      p99_us: number;
      max_us: number;
      errors: WrkRun["errors"];
      statuses: Record<string, number>;
    };
    const ms = (us: number) => +(us / 1000).toFixed(2);
    return {
      requests: result.requests,
      requests_per_second: Math.round(result.requests / (result.duration_us / 1e6)),
      p50_ms: ms(result.p50_us),
      p99_ms: ms(result.p99_us),
      max_ms: ms(result.max_us),
      statuses: result.statuses,
      errors: result.errors,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export type Measurement = WrkRun & {
  server_cpu_ms_per_request: number;
  postgres_cpu_ms_per_request: number;
  wrk_cpu_ms_per_request: number;
  /** Cores other processes kept busy during the run, and just before it. */
  others_cores: number;
  others_cores_before: number;
  /** How busy the whole machine was meanwhile, in % of all its cores: others' work shows here. */
  machine_busy_percent: number;
};

export type MeasureOptions = {
  connections: number;
  seconds: number;
  warmUpSeconds: number;
  settleMs?: number;
  /** How long to wait at most for the machine's other users to quieten down before the run; 0: not at all. */
  quietWaitSeconds?: number;
};

/**
 * Runs the target until `requests` have been answered (or `maxSeconds` have passed): a server
 * fresh from its start runs its first thousands of requests several times slower (JIT), and on a
 * busy machine a warm-up in seconds can be over before that work is.
 */
export async function warmUp(
  target: LoadTarget,
  { connections, requests, maxSeconds = 60 }: { connections: number; requests: number; maxSeconds?: number },
): Promise<WrkRun> {
  return runWrk(target, { connections, seconds: maxSeconds, requests });
}

/**
 * A warm-up run (JIT, connection pools, prepared statements), a pause for its last requests,
 * then the measured run with the CPU the server and PostgreSQL spent on it. Every answer must
 * have the target's status, with no socket error; timeouts (10 s) are counted, not fatal.
 */
export async function measure(label: string, target: LoadTarget, meter: CpuMeter, options: MeasureOptions): Promise<Measurement> {
  if (options.warmUpSeconds > 0) await runWrk(target, { connections: options.connections, seconds: options.warmUpSeconds });
  await setTimeout(options.settleMs ?? 1_000);
  const othersBefore = options.quietWaitSeconds ? await waitForQuiet(meter, options.quietWaitSeconds) : 0;
  const before = await meter();
  const run = await runWrk(target, options);
  const used = cpuUsed(before, await meter());
  const expected = String(target.expectedStatus ?? 200);
  const unexpected = Object.entries(run.statuses).filter(([status]) => status !== expected);
  const { connect, read, write, non_2xx_3xx } = run.errors;
  if (unexpected.length > 0 || connect + read + write + non_2xx_3xx > 0) {
    throw new Error(`${label}: every answer should be ${expected}; statuses ${JSON.stringify(run.statuses)}, wrk's errors ${JSON.stringify(run.errors)}`);
  }
  const perRequestMs = (seconds: number) => +((seconds * 1000) / run.requests).toFixed(3);
  return {
    ...run,
    server_cpu_ms_per_request: perRequestMs(used.server),
    postgres_cpu_ms_per_request: perRequestMs(used.postgres),
    wrk_cpu_ms_per_request: perRequestMs(used.wrk),
    machine_busy_percent: Math.round(100 * used.machineBusy),
    others_cores: +used.othersCores.toFixed(2),
    others_cores_before: othersBefore,
  };
}

/** One line of a measurement, for the log. */
export function describe(label: string, m: Measurement): string {
  return (
    `${label.padEnd(44)} ${String(m.requests_per_second).padStart(6)} req/s  p50 ${m.p50_ms} ms  p99 ${m.p99_ms} ms  max ${m.max_ms} ms  ` +
    `CPU/request: server ${m.server_cpu_ms_per_request} ms, PostgreSQL ${m.postgres_cpu_ms_per_request} ms, wrk ${m.wrk_cpu_ms_per_request} ms  ` +
    `(others: ${m.others_cores} cores)` +
    (m.errors.timeout > 0 ? `  ${m.errors.timeout} TIMEOUTS` : "")
  );
}

/** A table for the log: a header, a rule, then the lines; the first `leftColumns` columns aligned left, the others right. */
export function formatTable(header: string[], lines: string[][], leftColumns = 2): string {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (line: string[]) =>
    line.map((cell, column) => (column < leftColumns ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [format(header), widths.map((width) => "-".repeat(width)).join("  "), ...lines.map(format)].join("\n");
}
