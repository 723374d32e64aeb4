// The report at scale (docs/api.md, "Reports"), part of `npm run bench:lists`: on the accounts the
// entries list is timed on (1 000 and 1 000 000 entries over two years), a month's report grouped
// by project and by day through `next start` (p50/p99, the accounts' requests alternating), then
// the plan of the report's statement for each. Target: a month of the 1 000 000 account under
// 50 ms p50.
import type { TestServer } from "../tests/support/server";

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARM_UP_SAMPLES = 20;
const TARGET_P50_MS = 50;

type Account = { size: number; key: string; userId: string };
type Statements = { ofReport(userId: string, path: string): Promise<{ text: string; values: unknown[] }[]> };
type Explain = (statement: { text: string; values: unknown[] }, index: number) => Promise<{ text: string; summary: string }>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const day = (date: Date) => date.toISOString().slice(0, 10);

export async function benchReport(server: TestServer, accounts: Account[], statements: Statements, explain: Explain): Promise<void> {
  // The last whole month: about 1 in 24 of each account's entries, and as many in the month before.
  const now = new Date();
  const from = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
  const to = day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)));
  console.log(`\nreport of ${from} to ${to}:`);
  let largestP50 = 0;
  for (const groupBy of ["project", "day"]) {
    const path = `/api/v1/worklog/report?from=${from}&to=${to}&group_by=${groupBy}`;
    const samples = accounts.map(() => [] as number[]);
    const entries = accounts.map(() => 0);
    for (let index = 0; index < WARM_UP_SAMPLES + SAMPLES; index++) {
      for (const [which, account] of accounts.entries()) {
        const started = performance.now();
        const response = await server.request(path, { key: account.key });
        const body = (await response.json()) as { totals: { entries: number } };
        if (response.status !== 200) throw new Error(`report of ${account.size}: status ${response.status}`);
        if (index >= WARM_UP_SAMPLES) samples[which]!.push(performance.now() - started);
        entries[which] = body.totals.entries;
      }
    }
    for (const [which, account] of accounts.entries()) {
      const taken = samples[which]!.sort((a, b) => a - b);
      const p50 = percentile(taken, 50);
      if (account === accounts.at(-1)) largestP50 = Math.max(largestP50, p50);
      console.log(
        `report by ${groupBy.padEnd(7)} ${String(account.size).padStart(8)} entries (${entries[which]} in the month)  p50 ${p50.toFixed(1)} ms  p99 ${percentile(taken, 99).toFixed(1)} ms`,
      );
    }
  }
  console.log(
    `report p50 of the ${accounts.at(-1)!.size} account: ${largestP50.toFixed(1)} ms (target < ${TARGET_P50_MS} ms: ${largestP50 < TARGET_P50_MS ? "met" : "MISSED"})`,
  );
  let index = 0;
  for (const account of accounts) {
    for (const statement of await statements.ofReport(account.userId, `/api/v1/worklog/report?from=${from}&to=${to}&group_by=project`)) {
      const plan = await explain(statement, 1000 + index++);
      console.log(`\nreport ${account.size}, by project: ${plan.summary}\n  ${plan.text.split("\n").join("\n  ")}`);
    }
  }
}
