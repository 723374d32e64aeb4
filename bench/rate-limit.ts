// `npm run bench:rate-limit` (part of `npm run bench`): what rate limiting costs per request.
// The same endpoint (GET /api/v1/user) on three servers, one after the other in one run:
// limiting off, the in-process limiter, and @upstash/ratelimit through a local Upstash REST
// endpoint on the machine's Redis. Reported as ratios against "off".
import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer } from "../tests/support/server";

const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

type Result = { backend: string; requests_per_second: number; p50_ms: number; p99_ms: number };

async function measure(backend: string, env: Record<string, string>): Promise<Result> {
  const server = await startServer({ backend: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1000000", ...env } });
  try {
    const { email } = await server.createUser();
    const key = await server.createKey(email, ["user:read"]);
    const run = (duration: number) =>
      autocannon({
        url: `${server.url}/api/v1/user`,
        connections: CONNECTIONS,
        duration,
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` },
      });
    await run(2); // warm-up: JIT, connection pools
    const result = await run(DURATION_SECONDS);
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${backend}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { backend, requests_per_second: Math.round(result.requests.average), p50_ms: result.latency.p50, p99_ms: result.latency.p99 };
  } finally {
    await server.stop();
  }
}

/** The local Upstash REST endpoint, in a process of its own. */
async function startUpstashProcess() {
  const token = "bench-token";
  const child = spawn(process.execPath, ["--import", "tsx", "bench/upstash-rest-process.ts", token], { stdio: ["ignore", "pipe", "inherit"] });
  const [firstLine] = (await once(child.stdout!, "data")) as [Buffer];
  return { url: firstLine.toString().trim(), token, stop: () => child.kill() };
}

export async function benchRateLimit(): Promise<Result[]> {
  const upstash = await startUpstashProcess();
  try {
    const backends: [string, Record<string, string>][] = [
      ["off", { RATE_LIMIT_DISABLED: "true" }],
      ["in-process", {}],
      ["upstash", { UPSTASH_REDIS_REST_URL: upstash.url, UPSTASH_REDIS_REST_TOKEN: upstash.token }],
    ];
    // Interleaved rounds, best of each: a shared machine's noise hits every backend alike.
    const rounds: Result[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const measured: Result[] = [];
      for (const [name, env] of backends) measured.push(await measure(name, env));
      rounds.push(measured);
    }
    const results = backends.map((_, index) =>
      rounds.map((round) => round[index]!).reduce((best, result) => (result.requests_per_second > best.requests_per_second ? result : best)),
    );
    const off = results[0]!.requests_per_second;
    console.table(results.map((result) => ({ ...result, "throughput vs off": +(result.requests_per_second / off).toFixed(2) })));
    return results;
  } finally {
    upstash.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv.includes("--help")) {
    console.log(
      'usage: npm run bench:rate-limit: builds, starts a server with each rate limiter and compares their throughput (BENCH_DURATION, BENCH_ROUNDS); README.md, "Benchmarks"',
    );
    process.exit(0);
  }
  ensureBuild();
  await benchRateLimit();
  process.exit(0);
}
