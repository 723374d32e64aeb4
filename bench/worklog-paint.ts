// `npm run bench:worklog-paint`: how soon the worklog of an account with 2 000 entries paints in
// Chromium. Builds, starts the production server on PostgreSQL, seeds an account with 2 000
// entries of 30 minutes (bench/seed.ts), signs in (tests/support/web-session.ts) and loads `/`
// BENCH_SAMPLES times after BENCH_WARM_UP loads, each in a fresh browser context (an empty cache,
// as a new visitor or a new deploy has it). Each load reads, from the page's own clock:
//   - first-contentful-paint (the `paint` entries)
//   - the first entry row painted: the frame that first lays out an `article[data-entry-id]`
//     (a MutationObserver from before the page's first byte, then the end of that frame)
//   - largest-contentful-paint, once the page has loaded
//   - the document's first and last byte (the server's share), and the
//     main thread's scripting and style/layout time until then (CDP Performance.getMetrics)
//   - the JavaScript transferred (resource entries of scripts) and the document's bytes
// and prints each one's median, quartiles and range. With BENCH_BEFORE=<another checkout>
// (bench/before.ts) it runs the same against that checkout's server, alternating the two load by
// load, and prints the ratios after ÷ before: of the medians, and the median of each pair's.
import { chromium, type Browser } from "@playwright/test";
import pg from "pg";
import { chromiumLaunchOptions } from "../tests/support/chromium";
import { startServer, type PrivateServer } from "../tests/support/server";
import { signInWithPassword } from "../tests/support/web-session";
import { createAccount } from "./accounts";
import { BEFORE, ensureBuilds } from "./before";
import { insertEntries } from "./seed";

const ENTRIES = 2_000;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 3);
const ROW = "article[data-entry-id]";

if (process.argv.includes("--help")) {
  console.log(
    `usage: npm run bench:worklog-paint: builds, seeds ${ENTRIES} entries and times the worklog's first paint in Chromium (BENCH_SAMPLES loads, default ${SAMPLES}); BENCH_BEFORE=<checkout> compares another commit; README.md, "Benchmarks"`,
  );
  process.exit(0);
}

type Subject = { name: "after" | "before"; server: PrivateServer; cookie: { name: string; value: string } };
type Load = {
  fcp_ms: number;
  first_row_ms: number;
  lcp_ms: number;
  first_byte_ms: number;
  document_end_ms: number;
  script_ms: number;
  layout_ms: number;
  js_kib: number;
  js_files: number;
  document_kib: number;
  rows: number;
};

/**
 * Runs in the page before its first byte: notes the end of the frame that first lays out an entry
 * row, and the LCP candidates. A string, since tsx would wrap the named functions of a function
 * given to Playwright in a helper that the page does not have.
 */
const observePaint = `
  const marks = { firstRow: undefined, lcp: undefined };
  window.benchPaint = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  let waiting = false;
  const observer = new MutationObserver(() => {
    if (waiting || !document.querySelector(${JSON.stringify(ROW)})) return;
    waiting = true;
    requestAnimationFrame(function check() {
      const found = document.querySelector(${JSON.stringify(ROW)});
      if (!found || found.getBoundingClientRect().height === 0) return requestAnimationFrame(check);
      // After the frame's paint: a message posted from requestAnimationFrame arrives once the frame is done.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (marks.firstRow = performance.now());
      channel.port2.postMessage(null);
      observer.disconnect();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
`;

async function startSubject(name: Subject["name"]): Promise<Subject> {
  const server = await startServer({ backend: "postgres", root: name === "before" ? BEFORE : undefined, env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
  const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
  try {
    await client.connect();
    const account = await createAccount(server, "worklog-paint@example.com");
    await insertEntries(client, {
      userId: account.userId,
      count: ENTRIES,
      projectIds: [account.projectId, null],
      tagSets: [["backend", "perf"], ["review"], []],
      spacingSeconds: 1800,
    });
    await client.query("VACUUM ANALYZE");
    const signedIn = await signInWithPassword(server.url, "worklog-paint@example.com", account.password);
    if (!signedIn.session) throw new Error(`${name}: signing in answered ${signedIn.status}`);
    const [cookieName, value] = signedIn.session.split(/=(.*)/);
    console.log(`${name}: server at ${server.url} (${name === "before" ? BEFORE : "this checkout"}), ${ENTRIES} entries`);
    return { name, server, cookie: { name: cookieName!, value: value! } };
  } catch (error) {
    await server.stop();
    throw error;
  } finally {
    await client.end();
  }
}

async function load(browser: Browser, subject: Subject): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 }, timezoneId: "UTC" });
  try {
    await context.addCookies([{ ...subject.cookie, url: subject.server.url }]);
    await context.addInitScript(observePaint);
    const page = await context.newPage();
    const session = await context.newCDPSession(page);
    await session.send("Performance.enable");
    await page.goto(`${subject.server.url}/`, { waitUntil: "load" });
    await page.waitForFunction(() => (window as unknown as { benchPaint: { firstRow?: number } }).benchPaint.firstRow !== undefined);
    // LCP reports its last candidate after the frame it was painted in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const { metrics } = (await session.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
    const seconds = (name: string) => metrics.find((metric) => metric.name === name)?.value ?? NaN;
    const inPage = await page.evaluate((row) => {
      const marks = (window as unknown as { benchPaint: { firstRow: number; lcp?: number } }).benchPaint;
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter(
        (entry) => entry.initiatorType === "script" || /\.m?js(\?|$)/.test(new URL(entry.name).pathname),
      );
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return {
        fcp_ms: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
        first_row_ms: marks.firstRow,
        lcp_ms: marks.lcp ?? NaN,
        first_byte_ms: navigation?.responseStart ?? NaN,
        document_end_ms: navigation?.responseEnd ?? NaN,
        js_kib: scripts.reduce((sum, entry) => sum + entry.transferSize, 0) / 1024,
        js_files: scripts.length,
        document_kib: (navigation?.transferSize ?? NaN) / 1024,
        rows: document.querySelectorAll(row).length,
      };
    }, ROW);
    // The main thread's work until now: what the page's code and markup cost, whatever else the machine is doing.
    return { ...inPage, script_ms: seconds("ScriptDuration") * 1000, layout_ms: (seconds("LayoutDuration") + seconds("RecalcStyleDuration")) * 1000 };
  } finally {
    await context.close();
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low]! + (sorted[Math.ceil(at)]! - sorted[low]!) * (at - low);
};
const median = (values: number[]) => quantile(values, 0.5);

const metrics: { key: keyof Load; label: string; unit: string }[] = [
  { key: "fcp_ms", label: "first-contentful-paint", unit: "ms" },
  { key: "first_row_ms", label: "first entry row painted", unit: "ms" },
  { key: "lcp_ms", label: "largest-contentful-paint", unit: "ms" },
  { key: "first_byte_ms", label: "document's first byte", unit: "ms" },
  { key: "document_end_ms", label: "document's last byte", unit: "ms" },
  { key: "script_ms", label: "scripting, to the load", unit: "ms" },
  { key: "layout_ms", label: "style and layout, to the load", unit: "ms" },
  { key: "js_kib", label: "JavaScript transferred", unit: "KiB" },
  { key: "document_kib", label: "document transferred", unit: "KiB" },
];

function describe(loads: Load[], key: keyof Load) {
  const values = loads.map((load) => load[key]);
  const f = (value: number) => value.toFixed(key.endsWith("_kib") ? 1 : 0);
  return `${f(median(values)).padStart(7)}  (quartiles ${f(quantile(values, 0.25))}–${f(quantile(values, 0.75))}, range ${f(Math.min(...values))}–${f(Math.max(...values))})`;
}

await ensureBuilds();
const names: Subject["name"][] = BEFORE ? ["before", "after"] : ["after"];
const subjects: Subject[] = [];
let browser: Browser | undefined;
try {
  for (const name of names) subjects.push(await startSubject(name));
  browser = await chromium.launch(chromiumLaunchOptions);
  const loads: Record<string, Load[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (let index = 0; index < WARM_UP + SAMPLES; index++) {
    // The two servers alternate, and which goes first alternates too.
    for (const subject of index % 2 === 0 ? subjects : [...subjects].reverse()) {
      const measured = await load(browser, subject);
      if (index >= WARM_UP) loads[subject.name]!.push(measured);
    }
  }
  console.log(`\n/ with ${ENTRIES} entries in Chromium (1440×1000, an empty cache each load): median of ${SAMPLES} loads after ${WARM_UP} of warm-up`);
  for (const subject of subjects) {
    const [first] = loads[subject.name]!;
    console.log(`\n${subject.name}: ${first!.rows} entry rows, ${first!.js_files} scripts`);
    for (const metric of metrics) console.log(`  ${metric.label.padEnd(30)} ${describe(loads[subject.name]!, metric.key)} ${metric.unit}`);
  }
  if (BEFORE) {
    // A pair's two loads are seconds apart: their ratio cancels much of what the machine's other work adds to both.
    console.log("\nafter ÷ before     of the medians  median of the pairs' ratios");
    for (const metric of metrics) {
      const [after, before] = [loads.after!, loads.before!].map((measured) => measured.map((load) => load[metric.key]));
      const pairs = after!.map((value, index) => value / before![index]!);
      console.log(`  ${metric.label.padEnd(30)} ${(median(after!) / median(before!)).toFixed(2).padStart(5)}  ${median(pairs).toFixed(2).padStart(10)}`);
    }
  }
} finally {
  await browser?.close();
  for (const subject of subjects) await subject.server.stop();
}
