// The report at scale (docs/api.md, "Reports"), part of `npm run bench:lists` (alone with
// BENCH_REPORT=only): on the accounts the entries list is timed on (BENCH_LIST_SIZES; the issue's
// target is for 10 000 and 1 000 000 entries over two years, in UTC), the report of the 30 days up
// to today (`from` 29 days ago) grouped by project, by tag and by author, through `next start`.
// The accounts' requests alternate in blocks of 20 requests between two readings of the CPU
// meter (bench/alternating.ts), as in bench/lists-team.ts: p50, and the server's and PostgreSQL's CPU per request. Each report is
// measured twice: as served (its whole UTC days from the day totals, migration
// 20261130000300_entry_day_totals), and "from the entries", the same report with a filter every
// entry passes (source=web,api,cli,mcp), which the day totals do not serve: the statement every
// report ran before them, along the covering index (its one more condition is on a column of that
// index). Target: the 1 000 000 account's report costs at most 1.5 times the 10 000 one's server +
// PostgreSQL CPU per request, for each grouping, as served. Then the plans of the served
// statements of the largest account.
import type pg from "pg";
import type { PrivateServer } from "../tests/support/server";
import { measureAlternating } from "./alternating";
import { cpuMeter, formatTable } from "./wrk";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP_SAMPLES = 20;
const CPU_TARGET = 1.5;
const GROUPINGS = ["project", "tag", "author"] as const;
const EVERY_SOURCE = "web,api,cli,mcp";

/** A workspace with its owner's key, whose reports are read. */
type Account = { size: number; key: string; userId: string; workspaceId: string };
type Statements = { ofReport(userId: string, path: string, workspaceId: string): Promise<{ text: string; values: unknown[] }[]> };
type Explain = (statement: { text: string; values: unknown[] }, index: number) => Promise<{ text: string; summary: string }>;

const day = (date: Date) => date.toISOString().slice(0, 10);

/** How many entries the report at `path` adds up for the account. */
async function entriesOf(server: PrivateServer, account: Account, path: string): Promise<number> {
  const response = await server.request(path, { key: account.key });
  if (response.status !== 200) throw new Error(`report of ${account.size}: status ${response.status}`);
  return ((await response.json()) as { totals: { entries: number } }).totals.entries;
}

export async function benchReport(server: PrivateServer, accounts: Account[], statements: Statements, explain: Explain, database: pg.Client): Promise<void> {
  const today = new Date();
  const from = day(new Date(today.getTime() - 29 * 86_400_000));
  const to = day(today);
  console.log(`\nreport of the 30 days ${from} to ${to}, as served and from the entries (source=${EVERY_SOURCE}, which the day totals do not serve):`);
  const meter = cpuMeter(server.url, database);
  const [small, large] = [accounts[0]!, accounts.at(-1)!];
  const lines: string[][] = [];
  const verdicts: string[] = [];
  for (const groupBy of GROUPINGS) {
    for (const way of ["served", "from the entries"] as const) {
      const path = `/api/v1/worklog/report?from=${from}&to=${to}&group_by=${groupBy}${way === "served" ? "" : `&source=${EVERY_SOURCE}`}`;
      const measured = await measureAlternating(
        server,
        meter,
        accounts.map((account) => ({ path, key: account.key })),
        { samples: SAMPLES, warmUp: WARM_UP_SAMPLES },
      );
      for (const [which, account] of accounts.entries()) {
        const m = measured[which]!;
        const entries = await entriesOf(server, account, path);
        lines.push([groupBy, way, String(account.size), ...[entries, m.p50_ms, m.server_cpu_ms, m.postgres_cpu_ms, m.others_cores].map(String)]);
      }
      const [first, last] = [measured[0]!, measured.at(-1)!];
      const ofSmall = first.server_cpu_ms + first.postgres_cpu_ms;
      const ratio = ofSmall > 0 ? +((last.server_cpu_ms + last.postgres_cpu_ms) / ofSmall).toFixed(2) : Number.NaN;
      verdicts.push(
        `${groupBy.padEnd(7)} ${way.padEnd(16)} server + PostgreSQL CPU/request ${large.size} ÷ ${small.size}: ${String(ratio).padStart(6)}` +
          (way === "served" ? `  (target ≤ ${CPU_TARGET}: ${ratio <= CPU_TARGET ? "PASS" : "FAIL"})` : "  (before the day totals)"),
      );
    }
  }
  console.log(
    `\n${formatTable(["group_by", "read", "entries", "in the 30 days", "p50 ms", "server CPU ms/req", "PostgreSQL CPU ms/req", "others' cores"], lines, 3)}`,
  );
  console.log(`\n${verdicts.join("\n")}\n${SAMPLES} samples each (blocks of 20, after ${WARM_UP_SAMPLES} warm-up requests)`);
  let index = 1000;
  for (const groupBy of GROUPINGS) {
    for (const statement of await statements.ofReport(large.userId, `/api/v1/worklog/report?from=${from}&to=${to}&group_by=${groupBy}`, large.workspaceId)) {
      const plan = await explain(statement, index++);
      console.log(`\nreport ${large.size}, by ${groupBy}, served: ${plan.summary}\n  ${plan.text.split("\n").join("\n  ")}`);
    }
  }
}
