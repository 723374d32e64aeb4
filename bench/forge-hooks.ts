// An incoming hook's heaviest delivery: a GitHub push of 2 000 commits (GitHub sends at most 2 048
// in one payload), signed with the hook's secret and posted to /api/hooks/{id}, each push with new
// commits, one after another. Per push: the time to the answer, and the CPU the server and its
// PostgreSQL backends spent (/proc). `npm run bench` runs it after its rows on the same server;
// `npm run bench:forge-hooks` runs it alone, on a server of its own (BENCH_HOOK_PUSHES pushes, 5 unless
// given).
import { createHmac, randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer, type PrivateServer } from "../tests/support/server";
import { cpuMeter, cpuUsed, type CpuMeter } from "./wrk";

export const HOOK_PUSH_COMMITS = 2_000;
const PUSHES = Number(process.env.BENCH_HOOK_PUSHES ?? 5);

export type HookPushMeasurement = {
  pushes: number;
  commits_per_push: number;
  body_bytes: number;
  answer_ms: { median: number; max: number };
  server_cpu_ms_per_push: number;
  postgres_cpu_ms_per_push: number;
};

/** A push of new commits to one repository, as GitHub's `push` event carries them. */
function pushPayload(): string {
  const commits = Array.from({ length: HOOK_PUSH_COMMITS }, (_, index) => {
    const sha = randomBytes(20).toString("hex");
    return {
      id: sha,
      tree_id: randomBytes(20).toString("hex"),
      distinct: true,
      message: `Measure the incoming hook, part ${index}\n\nA body of a few words, as commit messages have.`,
      timestamp: new Date(Date.UTC(2026, 10, 20) + index * 60_000).toISOString(),
      url: `https://github.com/example/website/commit/${sha}`,
      author: { name: "Ada Lovelace", email: "ada@example.com", username: "ada" },
      committer: { name: "Ada Lovelace", email: "ada@example.com", username: "ada" },
      added: [],
      removed: [],
      modified: ["README.md"],
    };
  });
  const repository = {
    name: "website",
    full_name: "example/website",
    html_url: "https://github.com/example/website",
    clone_url: "https://github.com/example/website.git",
    ssh_url: "git@github.com:example/website.git",
    git_url: "git://github.com/example/website.git",
    default_branch: "main",
  };
  return JSON.stringify({
    ref: "refs/heads/main",
    before: "0".repeat(40),
    after: commits.at(-1)!.id,
    deleted: false,
    repository,
    commits,
    head_commit: commits.at(-1),
  });
}

async function json(response: Response, status: number) {
  const body = await response.json();
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body;
}

/** Whether the server's checkout has incoming hooks (an older one, compared with BENCH_BEFORE, may not). */
export async function servesHooks(server: PrivateServer): Promise<boolean> {
  return (await fetch(`${server.url}/api/v1/incoming_hooks`)).status !== 404;
}

/** `pushes` pushes of 2 000 new commits each to a new hook of a new account; each must record all of them. */
export async function measureHookPushes(server: PrivateServer, meter: CpuMeter, pushes = PUSHES): Promise<HookPushMeasurement> {
  const email = `hooks-${crypto.randomUUID()}@example.com`;
  await server.createUser({ email });
  const key = await server.createKey(email, ["repo:*"]);
  const authorization = `Basic ${Buffer.from(`${key}:`).toString("base64")}`;
  const hook = await json(
    await fetch(`${server.url}/api/v1/incoming_hooks`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify({ provider: "github", name: "bench" }),
    }),
    201,
  );
  const bodies = Array.from({ length: pushes + 1 }, pushPayload);
  const deliver = async (body: string) => {
    const headers = {
      "content-type": "application/json",
      "x-github-event": "push",
      "x-github-delivery": crypto.randomUUID(),
      "x-hub-signature-256": `sha256=${createHmac("sha256", hook.secret).update(body).digest("hex")}`,
    };
    const started = performance.now();
    const result = await json(await fetch(`${server.url}/api/hooks/${hook.id}`, { method: "POST", headers, body }), 200);
    const elapsed = performance.now() - started;
    if (result.commits_recorded !== HOOK_PUSH_COMMITS) throw new Error(`a push recorded ${result.commits_recorded} commits`);
    return elapsed;
  };
  await deliver(bodies.pop()!); // the first creates the repository, and warms the path up
  const before = await meter();
  const times: number[] = [];
  for (const body of bodies) times.push(await deliver(body));
  const used = cpuUsed(before, await meter());
  const sorted = times.toSorted((a, b) => a - b);
  const perPush = (seconds: number) => Math.round((seconds * 1000) / pushes);
  return {
    pushes,
    commits_per_push: HOOK_PUSH_COMMITS,
    body_bytes: bodies[0]!.length,
    answer_ms: { median: Math.round(sorted[Math.floor(sorted.length / 2)]!), max: Math.round(sorted.at(-1)!) },
    server_cpu_ms_per_push: perPush(used.server),
    postgres_cpu_ms_per_push: perPush(used.postgres),
  };
}

export function describeHookPushes(label: string, m: HookPushMeasurement): string {
  return (
    `${label.padEnd(44)} ${m.pushes} pushes of ${m.commits_per_push} commits (${(m.body_bytes / 1024 / 1024).toFixed(1)} MiB each): ` +
    `answered in ${m.answer_ms.median} ms (median), ${m.answer_ms.max} ms (max); CPU/push: server ${m.server_cpu_ms_per_push} ms, PostgreSQL ${m.postgres_cpu_ms_per_push} ms`
  );
}

async function main() {
  if (process.argv.includes("--help")) {
    console.log(
      'usage: npm run bench:forge-hooks: builds, starts the server on PostgreSQL and delivers GitHub pushes of 2 000 commits to an incoming hook (BENCH_HOOK_PUSHES, default 5); README.md, "Benchmarks"',
    );
    return;
  }
  ensureBuild();
  const server = await startServer({ backend: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
  const database = new pg.Client({ connectionString: server.env.DATABASE_URL });
  try {
    await database.connect();
    console.log(describeHookPushes("(h) POST /api/hooks/{id}, a 2 000-commit push", await measureHookPushes(server, cpuMeter(server.url, database))));
  } finally {
    await database.end().catch(() => undefined);
    await server.stop();
  }
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) await main();
