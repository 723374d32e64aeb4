// `npm run bench:week-view`: the worklog's week view of a full week in Chromium. Builds, starts
// the production server on PostgreSQL, seeds an account with two weeks of 200 entries of 30
// minutes (bench/seed.ts), signs a real Chromium in (tests/support/web-session.ts) and, on the
// worklog, switches from List to Week and waits until the week's blocks are drawn, reading the
// page's scripting time (CDP Performance.getMetrics ScriptDuration) before and after: the first
// switch (the week view's code loaded, the week read and drawn), then BENCH_SAMPLES rounds of ←
// and → between the two weeks (each read again and drawn anew). Target (README, "Benchmarks"):
// a week of 200 entries read and drawn in under 100 ms of scripting (the median of ← and →).
import { chromium, type CDPSession, type Page } from "@playwright/test";
import pg from "pg";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer } from "../tests/support/server";
import { signInWithPassword } from "../tests/support/web-session";
import { insertEntries } from "./seed";

const ENTRIES = 200;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const TARGET_MS = 100;
/** Two weeks from a Monday, the account's default first day of the week, in UTC, its default time zone. */
const WEEKS = [
  { monday: "2026-11-16", last: new Date("2026-11-22T22:00:00Z"), heading: "Nov 16 – Nov 22" },
  { monday: "2026-11-09", last: new Date("2026-11-15T22:00:00Z"), heading: "Nov 9 – Nov 15" },
];

if (process.argv.includes("--help")) {
  console.log('usage: npm run bench:week-view: builds, seeds a week of 200 entries and times the week view\'s scripting in Chromium; README.md, "Benchmarks"');
  process.exit(0);
}

async function scriptMilliseconds(session: CDPSession): Promise<number> {
  const { metrics } = (await session.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === "ScriptDuration")!.value * 1000;
}

/** Scripting from a click on Week until the week's blocks are drawn and painted. */
async function timedSwitch(page: Page, session: CDPSession): Promise<number> {
  const before = await scriptMilliseconds(session);
  await page.getByRole("group", { name: "Show entries as" }).getByRole("button", { name: "Week" }).click();
  await weekDrawn(page, WEEKS[0]!.heading);
  return (await scriptMilliseconds(session)) - before;
}

/** Scripting from a press of ← or → until the other week's blocks are drawn and painted. */
async function timedMove(page: Page, session: CDPSession, key: "ArrowLeft" | "ArrowRight", heading: string): Promise<number> {
  const before = await scriptMilliseconds(session);
  await page.keyboard.press(key);
  await weekDrawn(page, heading);
  return (await scriptMilliseconds(session)) - before;
}

async function weekDrawn(page: Page, heading: string) {
  await page.waitForFunction(
    ({ count, heading }) =>
      document.getElementById("week-heading")?.textContent === heading &&
      document.querySelectorAll("[data-kind=block]").length >= count &&
      !document.querySelector("section[aria-busy=true]"),
    { count: ENTRIES, heading },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

ensureBuild();
const server = await startServer({ backend: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }).catch(async (error) => {
  await server.stop();
  throw error;
});
try {
  await client.connect();
  const { email, password } = await server.createUser({ email: "week-view@example.com" });
  const key = await server.createKey(email, ["project:*"]);
  const projectIds: string[] = [];
  for (const name of ["Alpha", "Beta", "Gamma"])
    projectIds.push((await (await server.request("/api/v1/projects", { key, method: "POST", body: { name } })).json()).id);
  const { rows } = await client.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
  // In each week, 200 entries 2 900 s apart; each of 30 minutes, so a few cross midnight.
  for (const week of WEEKS)
    await insertEntries(client, {
      userId: rows[0]!.id,
      count: ENTRIES,
      projectIds,
      tagSets: [["review"], ["ops", "deploy"]],
      newest: week.last,
      spacingSeconds: 2900,
    });

  const signedIn = await signInWithPassword(server.url, email, password);
  const [name, value] = signedIn.session!.split(/=(.*)/);
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  await context.addCookies([{ name: name!, value: value!, url: server.url }]);
  const page = await context.newPage();
  await page.goto(`${server.url}/?date=${WEEKS[0]!.monday}`);
  await page.getByRole("heading", { name: /^Entries/ }).waitFor();
  const session = await page.context().newCDPSession(page);
  await session.send("Performance.enable");

  const first = await timedSwitch(page, session);
  const drawn = await page.locator("[data-kind=block]").count();
  const again: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    again.push(await timedMove(page, session, "ArrowLeft", WEEKS[1]!.heading));
    again.push(await timedMove(page, session, "ArrowRight", WEEKS[0]!.heading));
  }
  console.log(`week of ${ENTRIES} entries (${drawn} blocks drawn), scripting in Chromium:`);
  console.log(`  first switch to Week (code loaded, week read): ${first.toFixed(1)} ms`);
  console.log(`  ← and → between two full weeks (${again.length}): median ${median(again).toFixed(1)} ms, max ${Math.max(...again).toFixed(1)} ms`);
  console.log(`  target: a week drawn anew in under ${TARGET_MS} ms (median of ← and →): ${median(again) < TARGET_MS ? "met" : "NOT met"}`);
} finally {
  await browser.close();
  await client.end();
  await server.stop();
}
