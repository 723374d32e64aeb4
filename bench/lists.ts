// `npm run bench:lists`: list latency at scale on PostgreSQL. Seeds 100 000 worklog entries for
// one account and 100 000 for others, then times the first page, a deep page and a filtered
// page through a real `next start`, and prints the plans of their queries.
import pg from "pg";
import { newId } from "@/lib/db/ids";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer } from "../tests/support/server";

const ENTRIES_PER_ACCOUNT = 100_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const TAGS = ["backend", "frontend", "docs", "review", "ops", "meeting", "research", "bugfix"];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function seed(client: pg.Client, userId: string, projectIds: string[]) {
  const start = Date.now() - ENTRIES_PER_ACCOUNT * 60_000;
  for (let offset = 0; offset < ENTRIES_PER_ACCOUNT; offset += 5_000) {
    const rows = Array.from({ length: 5_000 }, (_, i) => {
      const n = offset + i;
      return [newId(), userId, projectIds[n % projectIds.length], `Entry ${n}: did some work`, new Date(start + n * 60_000), 1800, [TAGS[n % TAGS.length], TAGS[(n * 7) % TAGS.length]]];
    });
    await client.query(
      `INSERT INTO worklog_entries (id, user_id, project_id, content, recorded_at, duration_seconds, tags, updated_at)
       SELECT u.id, u.user_id, u.project_id, u.content, u.recorded_at, u.duration, string_to_array(u.tags, ','), now()
       FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::timestamptz[], $6::int[], $7::text[])
         AS u(id, user_id, project_id, content, recorded_at, duration, tags)`,
      [
        rows.map((row) => row[0]),
        rows.map((row) => row[1]),
        rows.map((row) => row[2]),
        rows.map((row) => row[3]),
        rows.map((row) => row[4]),
        rows.map((row) => row[5]),
        rows.map((row) => (row[6] as string[]).join(",")),
      ],
    );
  }
}

async function time(label: string, request: () => Promise<Response>) {
  for (let i = 0; i < 20; i++) await (await request()).arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    const response = await request();
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${label}: status ${response.status}`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { page: label, p50_ms: +percentile(samples, 50).toFixed(1), p99_ms: +percentile(samples, 99).toFixed(1) };
}

if (process.argv.includes("--help")) {
  console.log('usage: npm run bench:lists: builds, seeds 200 000 entries on PostgreSQL and times pages of the list; README.md, "Benchmarks"');
  process.exit(0);
}
ensureBuild();
const server = await startServer({ backend: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
try {
  const { email } = await server.createUser({ email: "bench@example.com" });
  const key = await server.createKey(email, ["worklog:read", "project:*"]);
  const other = await server.createUser({ email: "others@example.com" });
  const projectIds: string[] = [];
  for (const name of ["Alpha", "Beta", "Gamma"]) {
    projectIds.push((await (await server.request("/api/v1/projects", { key, method: "POST", body: { name } })).json()).id);
  }
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  await client.connect();
  const ids = await client.query<{ id: string; email: string }>("SELECT id, email FROM users");
  const userId = ids.rows.find((row) => row.email === email)!.id;
  const otherId = ids.rows.find((row) => row.email === other.email)!.id;
  const seeding = Date.now();
  await seed(client, userId, projectIds);
  await seed(client, otherId, [null as unknown as string]);
  await client.query("VACUUM ANALYZE worklog_entries");
  console.log(`seeded ${2 * ENTRIES_PER_ACCOUNT} entries in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

  const deep = (await client.query<{ id: string }>("SELECT id FROM worklog_entries WHERE user_id = $1 ORDER BY id DESC OFFSET 90000 LIMIT 1", [userId])).rows[0]!.id;
  const pages = {
    first: "/api/v1/worklog/entries?limit=25",
    deep: `/api/v1/worklog/entries?limit=25&starting_after=${deep}`,
    filtered: `/api/v1/worklog/entries?limit=25&project_id=${projectIds[1]}&tags=docs,review`,
  };
  const results = [];
  for (const [label, path] of Object.entries(pages)) results.push(await time(label, () => server.request(path, { key })));
  console.table(results);

  const plans: Record<string, string> = {
    first: `SELECT id FROM worklog_entries WHERE user_id = '${userId}' ORDER BY id DESC LIMIT 26`,
    deep: `SELECT id FROM worklog_entries WHERE user_id = '${userId}' AND id < '${deep}' ORDER BY id DESC LIMIT 26`,
    filtered: `SELECT id FROM worklog_entries WHERE user_id = '${userId}' AND project_id = '${projectIds[1]}' AND tags && ARRAY['docs','review'] ORDER BY id DESC LIMIT 26`,
    count: `SELECT count(*) FROM worklog_entries WHERE user_id = '${userId}' AND project_id = '${projectIds[1]}' AND tags && ARRAY['docs','review']`,
  };
  for (const [label, sql] of Object.entries(plans)) {
    const plan = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${sql}`);
    console.log(`\n${label}:\n${plan.rows.map((row) => `  ${row["QUERY PLAN"]}`).join("\n")}`);
  }
  await client.end();
} finally {
  await server.stop();
}
process.exit(0);
