// `npm run bench:lists`: the entries list at scale on PostgreSQL. Seeds a workspace of 10 000 and
// one of 1 000 000 entries (5 members, 3 projects, 4 sources, a tag in a quarter of the entries and
// one in a hundredth; each beside another account of the same size whose rows share the table and
// its indexes) with generate_series, then VACUUM ANALYZE. Through a real `next start`, with the
// owner's key, measures each page of the large workspace side by side with its unfiltered first
// page (bench/alternating.ts: blocks of requests alternating, the CPU meter of bench/wrk.ts read
// between them): the deep page (10 000 entries in), and the first and a deep page (its 10 000th
// match, or 90% of its matches when fewer) of each filter (tag, rare tag, project, author, source,
// a month) alone and with another. Each gets p50/p99 and the server's and PostgreSQL's CPU per
// request, and the ratios to the first page's. Targets: every page at most 1.5 times the first
// page's p50 and CPU per request (server + PostgreSQL), the tag filter's p50 under 50 ms, and the
// large workspace's first page within 1.3 times the small one's (p50). Then the plans (EXPLAIN
// ANALYZE, BUFFERS) of the statements the server runs for each page, taken from the app's own code
// (lib/worklog/entries.ts) as it sends them, each planned after five executions of its prepared
// statement as on the server's connections (where PostgreSQL may switch to a generic plan). Then
// the migrations of issue 51 run again on the 1 000 000 workspace while a writer changes and adds
// entries, printing the longest write. Then the 30-day report of each workspace by project, tag
// and author (bench/lists-report.ts; BENCH_REPORT=only runs it alone), a team's workspace of 50 members and 200 000 entries against one of
// 1 000 (bench/lists-team.ts; BENCH_TEAM=only runs it alone), the search and the export.
import { register } from "node:module";
import pg from "pg";
import type { User } from "../lib/db/client";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer, type PrivateServer } from "../tests/support/server";
import { benchExport } from "./lists-export";
import { benchReport } from "./lists-report";
import { benchSearch } from "./lists-search";
import { benchTeam } from "./lists-team";
import { measureAlternating, type Measured } from "./alternating";
import { benchMigrationsUnderWrites } from "./lists-migrations";
import { insertEntries } from "./seed";
import { cpuMeter, formatTable } from "./wrk";

const SIZES = (process.env.BENCH_LIST_SIZES ?? "10000,1000000").split(",").map(Number);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP_SAMPLES = 20;
const FIRST_PAGE_TARGET = 1.3;
/** Every page of the large workspace against its first page: p50 and CPU per request. */
const PAGE_TARGET = 1.5;
const TAG_P50_TARGET_MS = 50;
/** How deep a deep page starts: this many entries in (or 90% of a filter's matches, when fewer). */
const DEEP = 10_000;
/** "only": the teams' workspaces alone (bench/lists-team.ts), without the accounts, the search and the export. */
const TEAM_ONLY = process.env.BENCH_TEAM === "only";
/** "only": the accounts' 30-day reports alone (bench/lists-report.ts), without their pages, the teams, the search and the export. */
const REPORT_ONLY = process.env.BENCH_REPORT === "only";
const TAGS = ["backend", "frontend", "docs", "review", "ops", "meeting", "research", "bugfix"];
/** A hundred tag sets taken in turn: each one or two of TAGS ("docs" in a quarter of the entries), the first with "incident" too (a hundredth). */
const TAG_SETS = Array.from({ length: 100 }, (_, index) => [...new Set([TAGS[index % 8]!, TAGS[(index * 7) % 8]!, ...(index === 0 ? ["incident"] : [])])]);
const SOURCES = ["api", "web", "cli", "mcp"];
const MEMBERS = 5;
/** Every workspace's entries span the same two years, however many there are. */
const SPAN_SECONDS = 2 * 365 * 86_400;

if (process.argv.includes("--help")) {
  console.log(
    `usage: npm run bench:lists: builds, seeds workspaces of ${SIZES.join(" and ")} entries on PostgreSQL (BENCH_LIST_SIZES), measures the pages of the largest against its first page and prints the plans, ` +
      `then the teams' workspaces (BENCH_TEAM_SIZES, default 1000,200000; BENCH_TEAM=only for them alone); BENCH_SAMPLES requests a page; README.md, "Benchmarks"`,
  );
  process.exit(0);
}

type Workspace = { size: number; key: string; ownerId: string; workspaceId: string; projectIds: string[]; memberIds: string[] };

const day = (date: Date) => date.toISOString().slice(0, 10);

/** A workspace of MEMBERS members with three projects and `size` entries by them in turn, and another account of the same size beside it. */
async function seedWorkspace(server: PrivateServer, client: pg.Client, size: number): Promise<Workspace> {
  const email = `list${size}@example.com`;
  await server.createUser({ email });
  const slug = await server.createWorkspace(email, `List of ${size}`);
  const key = await server.createKey(email, ["worklog:read", "project:*"], "bench", slug);
  const projectIds: string[] = [];
  for (const name of ["Alpha", "Beta", "Gamma"])
    projectIds.push((await (await server.request("/api/v1/projects", { key, method: "POST", body: { name } })).json()).id);
  const memberEmails = Array.from({ length: MEMBERS - 1 }, (_, index) => `list${size}-member${index + 1}@example.com`);
  for (const memberEmail of memberEmails) {
    await server.createUser({ email: memberEmail });
    await server.addMember(slug, memberEmail, "member");
  }
  const other = await server.createUser({ email: `other${size}@example.com` });
  const ids = await client.query<{ id: string; email: string }>("SELECT id, email FROM users WHERE email = ANY($1)", [[email, other.email, ...memberEmails]]);
  const idOf = (address: string) => ids.rows.find((row) => row.email === address)!.id;
  const { rows } = await client.query<{ id: string }>("SELECT id FROM workspaces WHERE slug = $1", [slug]);
  const workspaceId = rows[0]!.id;
  const memberIds = [idOf(email), ...memberEmails.map(idOf)];
  const spacingSeconds = Math.max(1, Math.round(SPAN_SECONDS / size));
  const newest = new Date();
  const shape = { count: size, tagSets: TAG_SETS, newest, spacingSeconds };
  await insertEntries(client, { ...shape, workspaceId, authorIds: memberIds, projectIds, sources: SOURCES, content: "Did some work" });
  await insertEntries(client, { ...shape, userId: idOf(other.email), projectIds: [null], content: "Did other work" });
  return { size, key, ownerId: idOf(email), workspaceId, projectIds, memberIds };
}

/** The pages of the large workspace: unfiltered, and each filter alone and with another, each first and deep. */
function filtersOf(workspace: Workspace): Record<string, string> {
  const now = Date.now();
  // A month a year back: about 4% of the entries.
  const month = `from=${day(new Date(now - 365 * 86_400_000))}&to=${day(new Date(now - 335 * 86_400_000))}`;
  const [project] = workspace.projectIds;
  const author = workspace.memberIds.at(-1);
  return {
    tag: "tags=docs",
    "rare tag": "tags=incident",
    project: `project_id=${project}`,
    author: `author_id=${author}`,
    source: "source=web",
    month,
    "tag + project": `tags=docs&project_id=${project}`,
    "tag + author": `tags=docs&author_id=${author}`,
    "tag + month": `tags=docs&${month}`,
    "project + source": `project_id=${project}&source=web`,
    "author + month": `author_id=${author}&${month}`,
    "rare tag + source": "tags=incident&source=api",
  };
}

/** The id of the filter's match at `position` (from 0, newest first), found by paging through the API. */
async function matchAt(server: PrivateServer, key: string, query: string, position: number): Promise<{ id: string; matches: string }> {
  let after = "";
  let seen = 0;
  for (;;) {
    const response = await server.request(`/api/v1/worklog/entries?limit=100${query ? `&${query}` : ""}${after}`, { key });
    const page = (await response.json()) as { entries: { id: string }[]; meta: { total_count: number; total_count_exact: boolean; has_more: boolean } };
    if (seen + page.entries.length > position || !page.meta.has_more) {
      const index = Math.min(position - seen, page.entries.length - 1);
      return { id: page.entries[index]!.id, matches: `${page.meta.total_count}${page.meta.total_count_exact ? "" : "+"}` };
    }
    seen += page.entries.length;
    after = `&starting_after=${page.entries.at(-1)!.id}`;
  }
}

/** Each page's path: the filter's first page and a deep one, starting after its DEEP-th match (or 90% of its matches). */
async function pagesOf(server: PrivateServer, workspace: Workspace): Promise<{ label: string; path: string; matches: string }[]> {
  const list = "/api/v1/worklog/entries";
  const deepFirst = await matchAt(server, workspace.key, "", DEEP - 1);
  const pages = [
    { label: "first", path: list, matches: String(workspace.size) },
    { label: "deep", path: `${list}?starting_after=${deepFirst.id}`, matches: String(workspace.size) },
  ];
  for (const [label, query] of Object.entries(filtersOf(workspace))) {
    const first = await matchAt(server, workspace.key, query, 0);
    const exactCount = first.matches.endsWith("+") ? DEEP : Number(first.matches);
    const deep = await matchAt(server, workspace.key, query, Math.min(DEEP - 1, Math.floor(exactCount * 0.9)));
    pages.push(
      { label, path: `${list}?${query}`, matches: first.matches },
      { label: `${label}, deep`, path: `${list}?${query}&starting_after=${deep.id}`, matches: first.matches },
    );
  }
  return pages;
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

/**
 * The workspaces' pages (seeded, measured, their plans), the migrations under writes and their
 * month's report; answers the statements' recorder it made.
 */
async function benchAccounts(server: PrivateServer, client: pg.Client) {
  const seeding = Date.now();
  const workspaces: Workspace[] = [];
  for (const size of SIZES) workspaces.push(await seedWorkspace(server, client, size));
  await client.query("VACUUM ANALYZE");
  console.log(
    `seeded ${workspaces.map((workspace) => `${workspace.size} + ${workspace.size}`).join(" and ")} entries in ${((Date.now() - seeding) / 1000).toFixed(0)} s\n`,
  );
  const smallest = workspaces[0]!;
  const largest = workspaces.at(-1)!;
  const meter = cpuMeter(server.url, client);
  const options = { samples: SAMPLES, warmUp: WARM_UP_SAMPLES };
  const statements = await statementsOf(server.env.DATABASE_URL!);
  const reports = () =>
    benchReport(
      server,
      workspaces.map((workspace) => ({ size: workspace.size, key: workspace.key, userId: workspace.ownerId, workspaceId: workspace.workspaceId })),
      statements,
      (statement, planIndex) => explain(client, statement, planIndex),
      client,
    );
  if (REPORT_ONLY) {
    await reports();
    return statements;
  }

  const firsts = await measureAlternating(
    server,
    meter,
    workspaces.map((workspace) => ({ path: "/api/v1/worklog/entries", key: workspace.key })),
    options,
  );
  const flatRatio = +(firsts.at(-1)!.p50_ms / firsts[0]!.p50_ms).toFixed(2);
  console.log(
    `first page p50, ${largest.size} ÷ ${smallest.size} entries: ${flatRatio} (${firsts.at(-1)!.p50_ms} ÷ ${firsts[0]!.p50_ms} ms)  (target ≤ ${FIRST_PAGE_TARGET}: ${flatRatio <= FIRST_PAGE_TARGET ? "met" : "MISSED"})`,
  );

  const pages = await pagesOf(server, largest);
  const lines: string[][] = [];
  const failures: string[] = [];
  let tagP50 = 0;
  for (const page of pages.slice(1)) {
    // Each page side by side with the first page, so that the ratio compares requests of the same minutes.
    const [first, measured] = await measureAlternating(
      server,
      meter,
      [pages[0]!, page].map(({ path }) => ({ path, key: largest.key })),
      options,
    );
    const cpu = (m: Measured) => m.server_cpu_ms + m.postgres_cpu_ms;
    const latencyRatio = +(measured!.p50_ms / first!.p50_ms).toFixed(2);
    const cpuRatio = +(cpu(measured!) / cpu(first!)).toFixed(2);
    if (page.label === "tag") tagP50 = measured!.p50_ms;
    const verdict = latencyRatio <= PAGE_TARGET && cpuRatio <= PAGE_TARGET ? "PASS" : "FAIL";
    if (verdict === "FAIL") failures.push(page.label);
    lines.push([
      page.label,
      page.matches,
      ...[
        measured!.p50_ms,
        measured!.p99_ms,
        measured!.server_cpu_ms,
        measured!.postgres_cpu_ms,
        first!.p50_ms,
        cpu(first!).toFixed(3),
        latencyRatio,
        cpuRatio,
      ].map(String),
      verdict,
      String(measured!.others_cores),
    ]);
  }
  console.log(
    `\npages of the ${largest.size} workspace, each against its first page measured alongside (${SAMPLES} requests each, blocks of 20 alternating, after ${WARM_UP_SAMPLES} warm-up requests):\n` +
      formatTable(
        [
          "page",
          "matches",
          "p50 ms",
          "p99 ms",
          "server CPU ms/req",
          "PostgreSQL CPU ms/req",
          "first p50 ms",
          "first CPU ms/req",
          "p50 ÷ first",
          "CPU ÷ first",
          `≤ ${PAGE_TARGET}`,
          "others' cores",
        ],
        lines,
      ),
  );
  console.log(
    `\nevery page ≤ ${PAGE_TARGET}× the first page's p50 and server + PostgreSQL CPU per request: ${failures.length === 0 ? "met" : `MISSED (${failures.join(", ")})`}` +
      `\ntag filter p50: ${tagP50} ms (target < ${TAG_P50_TARGET_MS} ms: ${tagP50 < TAG_P50_TARGET_MS ? "met" : "MISSED"})`,
  );

  const summaries: string[] = [];
  let index = 0;
  for (const page of pages) {
    for (const statement of await statements.of(largest.ownerId, page.path, largest.workspaceId)) {
      const plan = await explain(client, statement, index++);
      const label = `${page.label}, ${statementKind(statement.text)}`;
      summaries.push(`${label.padEnd(34)} ${plan.summary}`);
      console.log(`\n${largest.size} ${label}:\n  ${statement.text.replaceAll(/\s+/g, " ")}\n  ${plan.text.split("\n").join("\n  ")}`);
    }
  }
  console.log(`\nplans of the ${largest.size} workspace's pages in short:\n${summaries.join("\n")}`);
  await benchMigrationsUnderWrites(server.env.DATABASE_URL!, client, largest);
  await reports();
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
