// `npm test`: every check, in order of speed: lint, typecheck, unit and integration tests on
// both databases, API tests against real `next start` servers, then Playwright in Chromium.
// Ends with one line `N passed, N failed[, N skipped]`, and exits non-zero on any failure.
//   --only unit|db|api|e2e  one part of the suite, without lint and typecheck (`npm run test:db`…)
//   --list                  names the test files and tests that the run would run, running none
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensurePrismaClient } from "./build.mjs";
import { isPostgresReachable, postgresServerUrl } from "./postgres.mjs";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, "test-results");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const parts = ["unit", "db", "api", "e2e"];
const { values: options } = parseArgs({ options: { only: { type: "string" }, list: { type: "boolean", default: false } } });
if (options.only !== undefined && !parts.includes(options.only)) {
  console.error(`--only takes one of: ${parts.join(", ")}`);
  process.exit(2);
}
const includes = (part) => options.only === undefined || options.only === part;

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function step(title, command, args, env = {}) {
  console.log(`\n━━ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

function record(title, passed) {
  if (passed) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(title);
  }
}

/** A check of the whole source tree (lint, types): part of a full run only. */
function check(title, command, args) {
  if (options.only === undefined && !options.list) record(title, step(title, command, args));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function runVitest(projects) {
  const title = `vitest (${projects.join(", ")})`;
  const projectOptions = projects.flatMap((project) => ["--project", project]);
  if (options.list) return record(title, step(title, bin("vitest"), ["list", "--filesOnly", ...projectOptions]));
  const report = path.join(resultsDir, "vitest.json");
  const ok = step(title, bin("vitest"), ["run", ...projectOptions, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`]);
  const vitest = readJson(report);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests;
    totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  }
  if (!ok && !(vitest?.numFailedTests > 0)) record("vitest did not finish", false);
  else if (!ok) failures.push("vitest");
}

function runPlaywright() {
  if (options.list) return record("playwright", step("playwright", bin("playwright"), ["test", "--list"]));
  if (!existsSync(chromium)) return record(`Chromium is missing at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`, false);
  const report = path.join(resultsDir, "playwright.json");
  const ok = step("playwright", bin("playwright"), ["test", "--reporter=list,json"], { PLAYWRIGHT_JSON_OUTPUT_FILE: report });
  const stats = readJson(report)?.stats;
  if (stats) {
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  }
  if (!ok) {
    if (!(stats?.unexpected > 0)) totals.failed += 1;
    failures.push("playwright");
  }
}

if (!options.list) {
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  ensurePrismaClient();
}

check("eslint", bin("eslint"), ["."]);
check("import cycles", bin("madge"), ["--circular", "--extensions", "ts,tsx", "--exclude", "^lib/db/generated", "app", "components", "lib"]);
check("typecheck", bin("tsc"), ["--noEmit"]);

const databaseParts = ["db", "api"].filter(includes);
const projects = [...(includes("unit") ? ["unit"] : []), ...databaseParts.map((part) => `${part}-pglite`)];
if (databaseParts.length > 0) {
  if (await isPostgresReachable()) projects.push(...databaseParts.map((part) => `${part}-postgres`));
  else if (process.env.CI) record(`PostgreSQL is not reachable at ${postgresServerUrl}`, false);
  else console.log(`\nPostgreSQL is not reachable at ${postgresServerUrl}: its test runs are skipped (set WORKLOG_TEST_POSTGRES_URL).`);
}
if (projects.length > 0) runVitest(projects);
if (includes("e2e")) runPlaywright();

console.log("");
if (failures.length) console.log(`Failed: ${failures.join("; ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failures.length ? 1 : 0);
