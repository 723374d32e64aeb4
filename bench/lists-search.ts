// The entries' search at scale (docs/api.md, "Search"), part of `npm run bench:lists`: an account
// of 100 000 entries of varied words beside another of the same size (whose words share the GIN
// index), seeded with generate_series. Times a page of a rare word, a common word, the prefix of a
// word being typed and a phrase with an excluded word through `next start` (p50/p99), then prints
// the plans of the statements the server runs for them, which must read the GIN index.
import type pg from "pg";
import type { TestServer } from "../tests/support/server";

const SIZE = Number(process.env.BENCH_SEARCH_SIZE ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SEARCH_SAMPLES ?? 100);
const WARM_UP_SAMPLES = 10;

const VOCABULARY = (
  "deploy deployed deployment release review reviewed schema migration rollback index query cache api endpoint client server " +
  "dashboard chart export import report meeting planning design mockup sketch test tests flaky pipeline build docker image " +
  "kubernetes cluster node pod logging metrics tracing alert incident postmortem oncall pager latency throughput memory leak " +
  "profile profiled flame graph benchmark refactor cleanup rename module package dependency upgrade security audit token " +
  "session login signup password email notification webhook queue worker retry timeout backoff database postgres replica " +
  "backup restore vacuum analyze customer support ticket bug bugfix feature flag experiment rollout canary café naïve résumé"
).split(" ");

type Statements = { of(userId: string, path: string): Promise<{ text: string; values: unknown[] }[]> };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** `count` entries of eight words each from the vocabulary, one in a thousand with "zeppelin", a minute apart. */
async function insertWordyEntries(client: pg.Client, userId: string, count: number) {
  await client.query(
    `INSERT INTO worklog_entries (id, workspace_id, user_id, content, recorded_at, tags, updated_at)
    SELECT (lpad(to_hex((extract(epoch FROM t.at) * 1000)::bigint), 12, '0') || '7' || substr(t.h, 1, 3) || '8' || substr(t.h, 4, 15))::uuid,
      (SELECT workspace_id FROM memberships WHERE user_id = $1::uuid AND role = 'owner'), $1::uuid,
      (SELECT string_agg(($3::text[])[1 + abs(hashint4(n * 31 + k)) % cardinality($3::text[])], ' ') FROM generate_series(1, 8) k)
        || CASE WHEN n % 1000 = 0 THEN ' zeppelin' ELSE '' END,
      t.at, ARRAY[($3::text[])[1 + n % cardinality($3::text[])]], t.at
    FROM generate_series(1, $2::int) AS n,
      LATERAL (SELECT date_trunc('milliseconds', now() - ($2::int - n) * interval '1 minute') AS at, md5(n::text || random()::text) AS h) t`,
    [userId, count, VOCABULARY],
  );
}

export async function benchSearch(server: TestServer, client: pg.Client, statements: Statements): Promise<void> {
  const { email } = await server.createUser({ email: `search${SIZE}@example.com` });
  const key = await server.createKey(email, ["worklog:read"]);
  const other = await server.createUser({ email: `search-other${SIZE}@example.com` });
  const ids = await client.query<{ id: string; email: string }>("SELECT id, email FROM users WHERE email = ANY($1)", [[email, other.email]]);
  const userId = ids.rows.find((row) => row.email === email)!.id;
  const seeding = Date.now();
  await insertWordyEntries(client, userId, SIZE);
  await insertWordyEntries(client, ids.rows.find((row) => row.email === other.email)!.id, SIZE);
  await client.query("VACUUM ANALYZE worklog_entries");
  console.log(`\nsearch: seeded ${SIZE} + ${SIZE} entries of varied words in ${((Date.now() - seeding) / 1000).toFixed(0)} s`);

  const searches = { rare: "zeppelin", common: "migration", typing: "deplo", "phrase -excluded": '"schema migration" -rollback' };
  for (const [label, q] of Object.entries(searches)) {
    const path = `/api/v1/worklog/entries?q=${encodeURIComponent(q)}`;
    const taken: number[] = [];
    let total = 0;
    for (let index = 0; index < WARM_UP_SAMPLES + SAMPLES; index++) {
      const started = performance.now();
      const response = await server.request(path, { key });
      const body = (await response.json()) as { meta: { total_count: number } };
      if (response.status !== 200) throw new Error(`search ${q}: status ${response.status}`);
      if (index >= WARM_UP_SAMPLES) taken.push(performance.now() - started);
      total = body.meta.total_count;
    }
    taken.sort((a, b) => a - b);
    console.log(
      `search ${label.padEnd(17)} q=${q.padEnd(30)} ${String(total).padStart(6)} matches  p50 ${percentile(taken, 50).toFixed(1)} ms  p99 ${percentile(taken, 99).toFixed(1)} ms`,
    );
  }

  let index = 0;
  for (const q of Object.values(searches)) {
    for (const statement of await statements.of(userId, `/api/v1/worklog/entries?q=${encodeURIComponent(q)}`)) {
      if (!statement.text.includes("search_vector")) continue;
      // Planned after five executions of the prepared statement, as on the server's connections.
      const name = `bench_search_${index++}`;
      for (let run = 0; run < 5; run++) await client.query({ name, text: statement.text, values: statement.values });
      const literals = statement.values.map((value) =>
        value === null ? "NULL" : typeof value === "number" ? String(value) : client.escapeLiteral(String(value)),
      );
      const plan = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE ${name}(${literals.join(", ")})`);
      await client.query(`DEALLOCATE ${name}`);
      console.log(`\nsearch q=${q}, ${statement.text.includes("count(*)") ? "count" : "page"}:\n  ${plan.rows.map((row) => row["QUERY PLAN"]).join("\n  ")}`);
    }
  }
}
