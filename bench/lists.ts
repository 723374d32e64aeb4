// `npm run bench:lists`: the entries list at scale on PostgreSQL. Seeds an account with 1 000 and
// one with 1 000 000 entries (each with another account of the same size beside it, whose rows
// share the table and its indexes), with generate_series in SQL, then VACUUM ANALYZE. Times, through
// a real `next start`, the first page, a deep page (starting_after an entry 90% down the list), a
// page filtered by a tag and one filtered by a from/to week, in both accounts, their requests
// alternating so that the machine's noise falls on both alike: p50/p99 of each. Target: the
// 1 000 000 account's first page within 1.3 times the 1 000 one's (p50). Then prints the plans
// (EXPLAIN ANALYZE, BUFFERS) of the statements the server runs for each page, taken from the app's
// own code (lib/worklog/entries.ts) as it sends them, each planned after five executions of its
// prepared statement as on the server's connections (where PostgreSQL may switch to a generic plan).
// Then a month's report of each account (bench/lists-report.ts), a team's workspace of 50 members
// and 200 000 entries against one of 1 000 (bench/lists-team.ts; BENCH_TEAM=only runs it alone),
// the search and the export.
import { register } from "node:module";
import pg from "pg";
import type { User } from "../lib/db/client";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer, type PrivateServer } from "../tests/support/server";
import { benchExport } from "./lists-export";
import { benchReport } from "./lists-report";
import { benchSearch } from "./lists-search";
import { benchTeam } from "./lists-team";
import { insertEntries } from "./seed";

const SIZES = (process.env.BENCH_LIST_SIZES ?? "1000,1000000").split(",").map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP_SAMPLES = 20;
const FIRST_PAGE_TARGET = 1.3;
/** "only": the teams' workspaces alone (bench/lists-team.ts), without the accounts, the search and the export. */
const TEAM_ONLY = process.env.BENCH_TEAM === "only";
/** "only": the accounts' 30-day reports alone (bench/lists-report.ts), without their pages, the teams, the search and the export. */
const REPORT_ONLY = process.env.BENCH_REPORT === "only";
const TAGS = ["backend", "frontend", "docs", "review", "ops", "meeting", "research", "bugfix"];
/** Every account's entries span the same two years, however many there are. */
const SPAN_SECONDS = 2 * 365 * 86_400;

if (process.argv.includes("--help")) {
  console.log(
    `usage: npm run bench:lists: builds, seeds accounts of ${SIZES.join(" and ")} entries on PostgreSQL (BENCH_LIST_SIZES), times pages of their lists and prints the plans, ` +
      `then the teams' workspaces (BENCH_TEAM_SIZES, default 1000,200000; BENCH_TEAM=only for them alone); BENCH_SAMPLES requests a page; README.md, "Benchmarks"`,
  );
  process.exit(0);
}

type Account = { size: number; key: string; userId: string; projectIds: string[]; pages: Record<PageKind, string> };
type PageKind = "first" | "deep" | "tag" | "range";

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** An account with three projects and `size` entries, and another account of the same size. */
async function seedAccount(server: PrivateServer, client: pg.Client, size: number): Promise<Account> {
  const { email } = await server.createUser({ email: `list${size}@example.com` });
  const key = await server.createKey(email, ["worklog:read", "project:*"]);
  const projectIds: string[] = [];
  for (const name of ["Alpha", "Beta", "Gamma"])
    projectIds.push((await (await server.request("/api/v1/projects", { key, method: "POST", body: { name } })).json()).id);
  const other = await server.createUser({ email: `other${size}@example.com` });
  const ids = await client.query<{ id: string; email: string }>("SELECT id, email FROM users WHERE email = ANY($1)", [[email, other.email]]);
  const userId = ids.rows.find((row) => row.email === email)!.id;
  const otherId = ids.rows.find((row) => row.email === other.email)!.id;
  const tagSets = TAGS.map((tag, index) => [tag, TAGS[(index * 7) % TAGS.length]!]);
  const spacingSeconds = Math.max(1, Math.round(SPAN_SECONDS / size));
  const newest = new Date();
  await insertEntries(client, { userId, count: size, projectIds, tagSets, newest, spacingSeconds, content: "Did some work" });
  await insertEntries(client, { userId: otherId, count: size, projectIds: [null], tagSets, newest, spacingSeconds, content: "Did other work" });

  const deep = await client.query<{ id: string }>("SELECT id FROM worklog_entries WHERE user_id = $1 ORDER BY recorded_at DESC, id DESC OFFSET $2 LIMIT 1", [
    userId,
    Math.floor(size * 0.9),
  ]);
  // A week a year back: about 1% of the entries.
  const from = new Date(newest.getTime() - 365 * 86_400_000);
  const to = new Date(from.getTime() + 6 * 86_400_000);
  return {
    size,
    key,
    userId,
    projectIds,
    pages: {
      first: "/api/v1/worklog/entries",
      deep: `/api/v1/worklog/entries?starting_after=${deep.rows[0]!.id}`,
      tag: "/api/v1/worklog/entries?tags=docs",
      range: `/api/v1/worklog/entries?from=${day(from)}&to=${day(to)}`,
    },
  };
}

/** p50/p99 of each account's page, the accounts' requests alternating. */
async function timePages(server: PrivateServer, accounts: Account[], kind: PageKind) {
  const samples = accounts.map(() => [] as number[]);
  for (let index = 0; index < WARM_UP_SAMPLES + SAMPLES; index++) {
    for (const [which, account] of accounts.entries()) {
      const started = performance.now();
      const response = await server.request(account.pages[kind], { key: account.key });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${kind} page of ${account.size}: status ${response.status}`);
      if (index >= WARM_UP_SAMPLES) samples[which]!.push(performance.now() - started);
    }
  }
  return samples.map((taken) => {
    taken.sort((a, b) => a - b);
    return { p50_ms: +percentile(taken, 50).toFixed(1), p99_ms: +percentile(taken, 99).toFixed(1) };
  });
}

type Statement = { text: string; values: unknown[] };

/**
 * The statements the server runs for a page: the app's own list function, run here against the
 * benchmark's database with its queries recorded on their way to the driver.
 */
async function statementsOf(databaseUrl: string) {
  process.env.DATABASE_URL = databaseUrl;
  register("../scripts/server-only-hook.mjs", import.meta.url);
  const recorded: Statement[] = [];
  const query = pg.Pool.prototype.query as (...args: unknown[]) => unknown;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    recorded.push(typeof config === "string" ? { text: config, values: values ?? [] } : { text: config.text, values: config.values ?? [] });
    return query.apply(this, args);
  } as typeof pg.Pool.prototype.query;
  const { accessFor } = await import("../lib/access/context");
  const { membershipIn, personalMembership } = await import("../lib/access/memberships");
  /** A seeded user's access in the workspace (their personal one unless given), as the server builds it. */
  const accessOf = async (user: Partial<User> & { id: string }, workspaceId?: string) =>
    accessFor(user as User, (await (workspaceId ? membershipIn(user.id, workspaceId) : personalMembership(user.id)))!);
  const { listEntries } = await import("../lib/worklog/entries");
  const { entryListQuerySchema } = await import("../lib/worklog/schemas");
  const { buildReport } = await import("../lib/reports/report");
  const { reportQuerySchema } = await import("../lib/reports/schemas");
  const { closeConnection } = await import("../lib/db/connection");
  return {
    async of(userId: string, path: string, workspaceId?: string): Promise<Statement[]> {
      // The list reads the account's id and time zone (the bounds of from/to); the seeded accounts keep UTC.
      const access = await accessOf({ id: userId, timezone: "UTC" }, workspaceId);
      recorded.length = 0;
      const query = entryListQuerySchema.parse(Object.fromEntries(new URL(path, "http://localhost").searchParams));
      await listEntries(access, query);
      return [...recorded];
    },
    async ofReport(userId: string, path: string, workspaceId?: string): Promise<Statement[]> {
      const access = await accessOf({ id: userId, timezone: "UTC", weekStart: "monday" }, workspaceId);
      recorded.length = 0;
      const query = reportQuerySchema.parse(Object.fromEntries(new URL(path, "http://localhost").searchParams));
      await buildReport(access, query);
      return [...recorded];
    },
    close: closeConnection,
  };
}

/** A value as an SQL literal, for EXECUTE of a prepared statement. */
function literal(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.map((item) => `"${String(item).replaceAll(/["\\]/g, "\\$&")}"`).join(",")}}`);
  return client.escapeLiteral(String(value));
}

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  "Heap Fetches"?: number;
  Plans?: PlanNode[];
};
type Plan = { Plan: PlanNode & { "Shared Hit Blocks": number; "Shared Read Blocks": number }; "Execution Time": number };

/** One line: the scans (index, rows they returned and removed), the buffers, the time. */
function summarize(plan: Plan): string {
  const scans: string[] = [];
  const walk = (node: PlanNode) => {
    if (node["Node Type"].includes("Scan")) {
      const rows = node["Actual Rows"] * node["Actual Loops"];
      const removed = (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0);
      const on = node["Index Name"] ?? node["Relation Name"] ?? "";
      scans.push(
        `${node["Node Type"]} ${on}: ${rows} rows${removed ? ` (+${removed} filtered out)` : ""}${node["Heap Fetches"] ? `, ${node["Heap Fetches"]} heap fetches` : ""}`,
      );
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return `${scans.join("; ")} | buffers ${plan.Plan["Shared Hit Blocks"] + plan.Plan["Shared Read Blocks"]} | ${plan["Execution Time"].toFixed(2)} ms`;
}

const statementKind = (text: string) =>
  text.includes("deleted_items")
    ? "cursor"
    : text.includes("account_counters")
      ? "count (counters)"
      : text.includes("count(*)")
        ? "count"
        : text.includes("LEFT JOIN projects")
          ? "page"
          : "other";

/** The plan of each statement after five executions of it as a prepared statement, as on the server's connections. */
async function explain(client: pg.Client, statement: Statement, index: number) {
  const name = `bench_plan_${index}`;
  for (let run = 0; run < 5; run++) await client.query({ name, text: statement.text, values: statement.values });
  const execute = `EXECUTE ${name}(${statement.values.map((value) => literal(client, value)).join(", ")})`;
  const text = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`);
  const json = await client.query<{ "QUERY PLAN": Plan[] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${execute}`);
  await client.query(`DEALLOCATE ${name}`);
  return { text: text.rows.map((row) => row["QUERY PLAN"]).join("\n"), summary: summarize(json.rows[0]!["QUERY PLAN"][0]!) };
}

/** The accounts' pages (seeded, timed, their plans) and their month's report; answers the statements' recorder it made. */
async function benchAccounts(server: PrivateServer, client: pg.Client) {
  const seeding = Date.now();
  const accounts: Account[] = [];
  for (const size of SIZES) accounts.push(await seedAccount(server, client, size));
  await client.query("VACUUM ANALYZE");
  console.log(
    `seeded ${accounts.map((account) => `${account.size} + ${account.size}`).join(" and ")} entries in ${((Date.now() - seeding) / 1000).toFixed(0)} s\n`,
  );
  if (REPORT_ONLY) {
    const statements = await statementsOf(server.env.DATABASE_URL!);
    await benchReport(server, accounts, statements, (statement, planIndex) => explain(client, statement, planIndex), client);
    return statements;
  }

  const kinds: PageKind[] = ["first", "deep", "tag", "range"];
  const timings: Record<string, Record<string, { p50_ms: number; p99_ms: number }>> = {};
  for (const kind of kinds) {
    const measured = await timePages(server, accounts, kind);
    timings[kind] = Object.fromEntries(accounts.map((account, index) => [account.size, measured[index]!]));
  }
  const header = ["page", ...accounts.flatMap((account) => [`${account.size} p50 ms`, `${account.size} p99 ms`])];
  const rows = kinds.map((kind) => [
    kind,
    ...accounts.flatMap((account) => [timings[kind]![account.size]!.p50_ms, timings[kind]![account.size]!.p99_ms].map(String)),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows])
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "));
  const smallest = accounts[0]!;
  const largest = accounts.at(-1)!;
  const ratio = +(timings.first![largest.size]!.p50_ms / timings.first![smallest.size]!.p50_ms).toFixed(2);
  console.log(
    `\nfirst page p50, ${largest.size} ÷ ${smallest.size} entries: ${ratio}  (target ≤ ${FIRST_PAGE_TARGET}: ${ratio <= FIRST_PAGE_TARGET ? "met" : "MISSED"})  ${SAMPLES} samples each`,
  );

  const statements = await statementsOf(server.env.DATABASE_URL!);
  const summaries: string[] = [];
  let index = 0;
  for (const account of accounts) {
    for (const kind of kinds) {
      for (const statement of await statements.of(account.userId, account.pages[kind])) {
        const plan = await explain(client, statement, index++);
        const label = `${account.size} ${kind}, ${statementKind(statement.text)}`;
        summaries.push(`${label.padEnd(34)} ${plan.summary}`);
        if (account === largest || process.env.BENCH_ALL_PLANS === "1") {
          console.log(`\n${label}:\n  ${statement.text.replaceAll(/\s+/g, " ")}\n  ${plan.text.split("\n").join("\n  ")}`);
        }
      }
    }
  }
  console.log(`\nplans in short (the plans of the ${smallest.size} account in full with BENCH_ALL_PLANS=1):\n${summaries.join("\n")}`);
  await benchReport(server, accounts, statements, (statement, planIndex) => explain(client, statement, planIndex), client);
  return statements;
}

ensureBuild();
const server = await startServer({ backend: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
try {
  await client.connect();
  const statements = TEAM_ONLY ? await statementsOf(server.env.DATABASE_URL!) : await benchAccounts(server, client);
  if (!REPORT_ONLY) await benchTeam(server, client, statements, (statement, planIndex) => explain(client, statement, planIndex));
  if (!TEAM_ONLY && !REPORT_ONLY) await benchSearch(server, client, statements);
  await statements.close();
  if (!TEAM_ONLY && !REPORT_ONLY) await benchExport(server, client);
} finally {
  await client.end().catch(() => undefined);
  await server.stop();
}
process.exit(0);
