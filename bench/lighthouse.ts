// `npm run bench:lighthouse`: Lighthouse's mobile audit of the signed-in worklog (`/`) and
// reports (`/reports`). Builds nothing: run it after a build of this checkout (`node
// scripts/build.mjs`, the `npx next build` that `npm start` checks is current; after a bare
// `npx next build` the server's start builds again). Starts `next start` on PostgreSQL, gives an
// account three weeks of entries in three projects, a running timer and a repository's commits
// that no entry cites (suggestions), signs in, and runs Lighthouse (the `lighthouse` package:
// its default mobile form factor and simulated throttling) in the machine's Chromium
// (/usr/bin/chromium, or CHROMIUM_PATH) with the session cookie in `extraHeaders`, since
// Lighthouse clears the browser's storage, cookies included, before each run. Each page
// BENCH_RUNS times (default 3); prints each metric's median and whether the back/forward cache
// kept the page, or what blocked it. BENCH_LIGHTHOUSE_REPORTS=<folder> writes each run's report
// there (JSON, for Lighthouse's viewer or its diagnostics).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { startServer, type PrivateServer } from "../tests/support/server";
import { signInWithPassword } from "../tests/support/web-session";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS ? path.resolve(process.env.BENCH_LIGHTHOUSE_REPORTS) : undefined;
const PAGES = ["/", "/reports"];
const EMAIL = "lighthouse@example.com";
const DAYS = 21;

if (process.argv.includes("--help")) {
  console.log(
    `usage: npm run bench:lighthouse (after a build): Lighthouse mobile on ${PAGES.join(" and ")} of a signed-in account with ${DAYS} days of entries, BENCH_RUNS runs each (default ${RUNS}), medians printed; BENCH_LIGHTHOUSE_REPORTS=<folder> keeps the reports; README.md, "Benchmarks"`,
  );
  process.exit(0);
}
if (!existsSync(path.resolve(import.meta.dirname, "../.next/BUILD_ID"))) {
  console.error("No build: run `node scripts/build.mjs` (or `npx next build`) first.");
  process.exit(1);
}

const ENTRY_TEXTS = [
  "Reviewed the **pricing page** copy with design\n\n- tightened the headline\n- moved the FAQ below the plans",
  "Fixed the flaky `sync` test: the fixture's clock ran ahead of the database's",
  "Pairing on the import: a jrnl document with 300 000 empty items now fails fast",
  "Standup and planning for the week\n\n1. reports export\n2. timer polish\n3. the week view on phones",
  "Wrote the migration for `worklog_entries.search_vector` and checked its plan:\n\n```sql\nEXPLAIN ANALYZE SELECT id FROM worklog_entries WHERE search_vector @@ q;\n```",
  "Answered support: an API key with `worklog:read` cannot start a timer, as documented",
  "Profiled the entries list on 1 000 000 rows; the first page stays under 5 ms",
  "Code review of the webhook retries (backoff, the circuit breaker's half-open state)",
];
const TAG_SETS = [["review"], ["backend", "perf"], ["meeting"], ["frontend"], ["support"], []];

type Seeded = { server: PrivateServer; cookie: string; entries: number };

/** The account: three projects, entries on each of the last DAYS days, a running timer, uncited commits. */
async function seed(server: PrivateServer): Promise<Seeded> {
  const { password } = await server.createUser({ email: EMAIL });
  const key = await server.createKey(EMAIL, ["user:read", "project:*", "repo:*", "worklog:*"]);
  const post = async <T>(pathname: string, body: unknown): Promise<T> => {
    const response = await server.request(pathname, { key, method: "POST", body });
    if (!response.ok) throw new Error(`POST ${pathname} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const projects: { id: string }[] = [];
  for (const name of ["Website", "API", "Mobile app"]) projects.push(await post("/api/v1/projects", { name }));
  const now = Date.now();
  const hour = 3_600_000;
  let entries = 0;
  for (let day = DAYS - 1; day >= 1; day--) {
    const start = now - day * 24 * hour - 10 * hour;
    // Weekdays get five or six entries, weekends one.
    const count = new Date(start).getUTCDay() % 6 === 0 ? 1 : 5 + (day % 2);
    for (let index = 0; index < count; index++) {
      const at = entries++;
      await post("/api/v1/worklog/entries", {
        content: ENTRY_TEXTS[at % ENTRY_TEXTS.length],
        tags: TAG_SETS[at % TAG_SETS.length],
        project_id: at % 4 === 3 ? null : projects[at % projects.length]!.id,
        duration_seconds: (15 + (at % 7) * 15) * 60,
        recorded_at: new Date(start + index * 1.5 * hour).toISOString(),
      });
    }
  }
  const repository = await post<{ id: string }>("/api/v1/repositories", { name: "acme/website", project_id: projects[0]!.id });
  await post(`/api/v1/repositories/${repository.id}/commits`, {
    commits: Array.from({ length: 12 }, (_, index) => ({
      sha: (index + 1).toString(16).padStart(40, "a"),
      message: ["feat(pricing): yearly plans", "fix: the footer's links on phones", "docs: the timer's keys"][index % 3],
      committed_at: new Date(now - (index % 3) * 24 * hour - (index + 1) * 600_000).toISOString(),
      author_name: "Ada",
    })),
  });
  await post("/api/v1/worklog/timer", { content: "Lighthouse audit of the worklog", tags: ["perf"], project_id: projects[1]!.id });
  const signedIn = await signInWithPassword(server.url, EMAIL, password);
  if (!signedIn.session) throw new Error(`signing in answered ${signedIn.status}`);
  return { server, cookie: signedIn.session, entries: entries + 1 };
}

type Run = { score: number; lcp: number; tbt: number; cls: number; fcp: number; si: number; bfcache: string };

const METRICS: { key: Exclude<keyof Run, "bfcache">; label: string; format: (value: number) => string }[] = [
  { key: "score", label: "performance", format: (value) => String(Math.round(value * 100)) },
  { key: "lcp", label: "LCP", format: (value) => `${(value / 1000).toFixed(2)} s` },
  { key: "tbt", label: "TBT", format: (value) => `${Math.round(value)} ms` },
  { key: "cls", label: "CLS", format: (value) => value.toFixed(3) },
  { key: "fcp", label: "FCP", format: (value) => `${(value / 1000).toFixed(2)} s` },
  { key: "si", label: "SI", format: (value) => `${(value / 1000).toFixed(2)} s` },
];

async function audit(url: string, port: number, cookie: string, name: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    extraHeaders: { cookie },
    onlyCategories: ["performance"],
    // In the best-practices category, which is not run: Lighthouse leaves the page and comes back.
    onlyAudits: ["bf-cache"],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} went to ${lhr.finalDisplayedUrl}: not signed in?`);
  if (REPORTS) writeFileSync(path.join(REPORTS, `${name}.json`), result.report as string);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const bfcacheAudit = lhr.audits["bf-cache"];
  const blockers = ((bfcacheAudit?.details as { items?: { reason: string; failureType: string }[] } | undefined)?.items ?? []).map(
    (item) => `${item.reason} (${item.failureType})`,
  );
  return {
    score: lhr.categories.performance?.score ?? NaN,
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    fcp: numeric("first-contentful-paint"),
    si: numeric("speed-index"),
    bfcache: bfcacheAudit?.score === 1 ? "kept" : `blocked: ${blockers.join("; ") || bfcacheAudit?.errorMessage || "?"}`,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
};

const server = await startServer({ backend: "postgres", env: { RATE_LIMIT_DISABLED: "true" } });
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const { cookie, entries } = await seed(server);
  console.log(`server at ${server.url}; ${EMAIL}: ${entries} entries over ${DAYS} days in 3 projects, a running timer, 12 uncited commits`);
  if (REPORTS) mkdirSync(REPORTS, { recursive: true });
  chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ["--headless=new", ...chromiumLaunchOptions.args],
  });
  for (const page of PAGES) {
    const runs: Run[] = [];
    for (let index = 0; index < RUNS; index++) {
      const run = await audit(`${server.url}${page}`, chrome.port, cookie, `${page === "/" ? "worklog" : page.slice(1)}-${index + 1}`);
      runs.push(run);
      console.log(
        `  ${page} run ${index + 1}: ${METRICS.map((metric) => `${metric.label} ${metric.format(run[metric.key])}`).join(", ")}; bfcache ${run.bfcache}`,
      );
    }
    console.log(
      `${page}: median of ${RUNS}: ${METRICS.map((metric) => `${metric.label} ${metric.format(median(runs.map((run) => run[metric.key])))}`).join(", ")}`,
    );
    for (const verdict of new Set(runs.map((run) => run.bfcache))) console.log(`  back/forward cache: ${verdict}`);
  }
} finally {
  chrome?.kill();
  await server.stop();
}
