// `npm test`: every check, in order of speed: lint, typecheck, unit and integration tests on
// both databases, API tests against real `next start` servers, then Playwright in Chromium.
// Ends with one line `N passed, N failed[, N skipped]`, and exits non-zero on any failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { ensurePrismaClient } from "./build.mjs";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, "test-results");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const postgresUrl = process.env.WORKLOG_TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(title, command, args) {
  if (step(title, command, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(title);
  }
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });
ensurePrismaClient();

check("eslint", bin("eslint"), ["."]);
check("import cycles", bin("madge"), ["--circular", "--extensions", "ts,tsx", "--exclude", "^lib/db/generated", "app", "components", "lib"]);
check("typecheck", bin("tsc"), ["--noEmit"]);

const projects = ["unit", "db-pglite", "api-pglite"];
if (await postgresReachable()) projects.push("db-postgres", "api-postgres");
else if (process.env.CI) {
  failures.push(`PostgreSQL is not reachable at ${postgresUrl}`);
  totals.failed += 1;
} else console.log(`\nPostgreSQL is not reachable at ${postgresUrl}: its test runs are skipped (set WORKLOG_TEST_POSTGRES_URL).`);

const vitestReport = path.join(resultsDir, "vitest.json");
const vitestOk = step(`vitest (${projects.join(", ")})`, bin("vitest"), [
  "run",
  ...projects.flatMap((project) => ["--project", project]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
if (!vitestOk && !(vitest?.numFailedTests > 0)) {
  totals.failed += 1;
  failures.push("vitest did not finish");
} else if (!vitestOk) failures.push("vitest");

if (!existsSync(chromium)) {
  totals.failed += 1;
  failures.push(`Chromium is missing at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
} else {
  const playwrightReport = path.join(resultsDir, "playwright.json");
  const playwrightOk = step("playwright", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport });
  const stats = readJson(playwrightReport)?.stats;
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
  if (!playwrightOk) {
    if (!(stats?.unexpected > 0)) totals.failed += 1;
    failures.push("playwright");
  }
}

console.log("");
if (failures.length) console.log(`Failed: ${failures.join("; ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failures.length ? 1 : 0);
