// `npm run bench:week-view`: the worklog's week view of a full week in Chromium. Builds, starts
// the production server on PostgreSQL, seeds an account with 200 entries of 30 minutes in one
// week (bench/seed.ts), signs in with a real Chromium and, on the worklog of that week, switches
// from List to Week and waits until the week's blocks are drawn, reading the page's scripting time
// (CDP Performance.getMetrics ScriptDuration) before and after: the first switch (the week view's
// code loaded, the week read) and then BENCH_SAMPLES switches back (its entries read again,
// drawn anew). Target (README, "Benchmarks"): each switch's scripting under 100 ms.
import { chromium, type CDPSession, type Page } from "@playwright/test";
import pg from "pg";
import { ensureBuild } from "../scripts/build.mjs";
import { startServer } from "../tests/support/server";
import { insertEntries } from "./seed";

const ENTRIES = 200;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 15);
const TARGET_MS = 100;
/** A week that starts on a Monday, the account's default first day of the week, in UTC, its default time zone. */
const WEEK = { monday: "2026-11-16", last: new Date("2026-11-22T22:00:00Z") };

if (process.argv.includes("--help")) {
  console.log('usage: npm run bench:week-view: builds, seeds a week of 200 entries and times the week view\'s scripting in Chromium; README.md, "Benchmarks"');
  process.exit(0);
}

async function scriptMilliseconds(session: CDPSession): Promise<number> {
  const { metrics } = (await session.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === "ScriptDuration")!.value * 1000;
}

/** Scripting from a click on `view` until the week's blocks (or the list) are drawn and painted. */
async function timedSwitch(page: Page, session: CDPSession, view: "Week" | "List"): Promise<number> {
  const before = await scriptMilliseconds(session);
  await page.getByRole("group", { name: "Show entries as" }).getByRole("button", { name: view }).click();
  if (view === "Week") await page.waitForFunction((count) => document.querySelectorAll("[data-kind=block]").length >= count && !document.querySelector("section[aria-busy=true]"), ENTRIES);
  else await page.getByRole("heading", { name: /^Entries/ }).waitFor();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return (await scriptMilliseconds(session)) - before;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

ensureBuild();
const server = await startServer({ backend: "postgres", env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
const client = new pg.Client({ connectionString: server.env.DATABASE_URL });
const browser = await chromium.launch();
try {
  await client.connect();
  const { email, password } = await server.createUser({ email: "week-view@example.com" });
  const key = await server.createKey(email, ["project:*"]);
  const projectIds: string[] = [];
  for (const name of ["Alpha", "Beta", "Gamma"]) projectIds.push((await (await server.request("/api/v1/projects", { key, method: "POST", body: { name } })).json()).id);
  const { rows } = await client.query<{ id: string }>("SELECT id FROM users WHERE email = $1", [email]);
  // 200 entries 2 900 s apart end within the week; each of 30 minutes, so a few overlap midnight.
  await insertEntries(client, { userId: rows[0]!.id, count: ENTRIES, projectIds, tagSets: [["review"], ["ops", "deploy"]], newest: WEEK.last, spacingSeconds: 2900 });

  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  await page.goto(`${server.url}/signin`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("navigation", { name: "Account" }).waitFor();
  await page.goto(`${server.url}/?date=${WEEK.monday}`);
  await page.getByRole("heading", { name: /^Entries/ }).waitFor();
  const session = await page.context().newCDPSession(page);
  await session.send("Performance.enable");

  const first = await timedSwitch(page, session, "Week");
  const drawn = await page.locator("[data-kind=block]").count();
  const again: number[] = [];
  for (let sample = 0; sample < SAMPLES; sample++) {
    await timedSwitch(page, session, "List");
    again.push(await timedSwitch(page, session, "Week"));
  }
  const worst = Math.max(first, ...again);
  console.log(`week of ${ENTRIES} entries (${drawn} blocks drawn), scripting in Chromium:`);
  console.log(`  first switch to Week (code loaded, week read): ${first.toFixed(1)} ms`);
  console.log(`  switches back (${SAMPLES}): median ${median(again).toFixed(1)} ms, max ${Math.max(...again).toFixed(1)} ms`);
  console.log(`  target: each under ${TARGET_MS} ms: ${worst < TARGET_MS ? "met" : "NOT met"}`);
} finally {
  await browser.close();
  await client.end();
  await server.stop();
}
