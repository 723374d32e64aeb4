// `npm test`: every check, in phases: lint and types, unit tests, database tests on both
// databases, API tests against shared `next start` servers (on PostgreSQL when reachable), then
// Playwright in Chromium. Prints each phase's duration, and ends with one line
// `N passed, N failed, N skipped` for the whole run; exits non-zero on any failure.
//   --only unit|db|api|e2e  one phase, without lint and types (`npm run test:db`…)
//   --list                  names the test files and tests that the run would run, running none
//   --help                  this usage, running nothing
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ensureBuild, ensurePrismaClient } from "./build.mjs";
import { isPostgresReachable, postgresServerUrl } from "./postgres.mjs";

const root = path.resolve(import.meta.dirname, "..");
const resultsDir = path.join(root, "test-results");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const parts = ["unit", "db", "api", "e2e"];
const { values: options } = parseArgs({
  options: { only: { type: "string" }, list: { type: "boolean", default: false }, help: { type: "boolean", default: false } },
});
if (options.only !== undefined && !parts.includes(options.only)) {
  console.error(`--only takes one of: ${parts.join(", ")}`);
  process.exit(2);
}
if (options.help) {
  console.log(`Usage: npm test [-- --list]; npm run test:<${parts.join("|")}> [-- --list]

Runs lint and types, then the ${parts.join(", ")} tests in phases (one part with --only <part>);
--list names the test files and tests the run would run, running none.`);
  process.exit(0);
}
const includes = (part) => options.only === undefined || options.only === part;

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** The failed tests by name, repeated at the end of the run, where a log's tail shows them past the servers' output. */
const failedTests = [];
/** [phase, seconds]; .ci/run tells how long its installs took. */
const durations = process.env.WORKLOG_CI_INSTALL_SECONDS ? [["install (.ci/run)", Number(process.env.WORKLOG_CI_INSTALL_SECONDS)]] : [];

/**
 * Runs a command; resolves to whether it succeeded. Its output goes to the terminal as it comes,
 * or, `buffered` (a command run beside others), all at once when it ends, after `check` has had
 * its say on it (what is wrong with it, or undefined).
 */
function step(title, command, args, { env = {}, buffered = false, check } = {}) {
  if (!buffered) console.log(`\n━━ ${title}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...env } });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.once("error", (error) => {
      output += `${error.message}\n`;
    });
    child.once("close", (code) => {
      const fault = code === 0 ? check?.(output) : undefined;
      if (buffered) process.stdout.write(`\n━━ ${title}\n${output}${fault ? `${fault}\n` : ""}`);
      resolve(code === 0 && !fault);
    });
  });
}

function record(title, passed) {
  if (passed) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(title);
  }
}

/** Runs a phase and notes how long it took. */
async function phase(name, work) {
  if (options.list) return work();
  const started = performance.now();
  await work();
  const seconds = (performance.now() - started) / 1000;
  durations.push([name, seconds]);
  console.log(`\n━━ ${name}: ${seconds.toFixed(1)} s`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** `--list`: what the phases would run, gathered as they go and listed at the end (listTests). */
const toList = { projects: [], playwright: false };

async function runVitest(name, projects, env = {}) {
  if (options.list) return void toList.projects.push(...projects);
  const title = `vitest (${projects.join(", ")})`;
  const projectOptions = projects.flatMap((project) => ["--project", project]);
  const report = path.join(resultsDir, `vitest-${name}.json`);
  // A test that passes only when tried again is a failure (--retry=0 is vitest's default, said anyway).
  const ok = await step(title, bin("vitest"), ["run", "--retry=0", ...projectOptions, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
    env,
  });
  const vitest = readJson(report);
  if (vitest) {
    for (const file of vitest.testResults) {
      const relative = path.relative(root, file.name);
      const failed = file.assertionResults.filter((test) => test.status === "failed");
      if (file.status === "failed" && failed.length === 0) failedTests.push(`${relative}: ${file.message.split("\n")[0]}`);
      for (const test of failed) failedTests.push(`${relative} › ${test.fullName}`);
    }
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests;
    totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  }
  if (!ok && !(vitest?.numFailedTests > 0)) record(`${title} failed outside its tests (see its output)`, false);
  else if (!ok) failures.push(title);
}

async function runPlaywright() {
  if (options.list) return void (toList.playwright = true);
  if (!existsSync(chromium)) return record(`Chromium is missing at ${chromium} (apt-get install -y chromium, or set CHROMIUM_PATH)`, false);
  const report = path.join(resultsDir, "playwright.json");
  const ok = await step("playwright", bin("playwright"), ["test", "--retries=0", "--reporter=list,json"], { env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report } });
  const playwright = readJson(report);
  const stats = playwright?.stats;
  for (const suite of playwright?.suites ?? []) failedTests.push(...failedSpecs(suite));
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

/** The titles of a Playwright JSON report's specs whose last try did not go as expected, from one suite down. */
function failedSpecs(suite) {
  const own = (suite.specs ?? [])
    .filter((spec) => spec.tests.some((test) => test.status === "unexpected"))
    .map((spec) => `e2e/${spec.file}:${spec.line} › ${spec.title}`);
  return [...own, ...(suite.suites ?? []).flatMap(failedSpecs)];
}

/**
 * One vitest names the test files of every project gathered, beside Playwright naming its tests.
 * Each project must have files: vitest ignores a project filter that matches nothing while
 * another matches.
 */
async function listTests() {
  const listings = [];
  if (toList.projects.length) {
    const title = `vitest (${toList.projects.join(", ")})`;
    const args = ["list", "--filesOnly", ...toList.projects.flatMap((project) => ["--project", project])];
    const check = (output) =>
      toList.projects
        .filter((project) => !output.includes(`[${project}] `))
        .map((project) => `No test files in the project ${project}.`)
        .join("\n") || undefined;
    listings.push([title, step(title, bin("vitest"), args, { buffered: true, check })]);
  }
  if (toList.playwright) listings.push(["playwright", step("playwright", bin("playwright"), ["test", "--list"], { buffered: true })]);
  for (const [title, listing] of listings) record(title, await listing);
}

if (!options.list) {
  rmSync(resultsDir, { recursive: true, force: true });
  mkdirSync(resultsDir, { recursive: true });
  ensurePrismaClient();
}

const postgres = includes("db") || includes("api") ? await isPostgresReachable() : false;
if (!postgres && (includes("db") || includes("api"))) {
  if (process.env.CI) record(`PostgreSQL is not reachable at ${postgresServerUrl}`, false);
  else
    console.log(
      `\nPostgreSQL is not reachable at ${postgresServerUrl}: the database tests run on PGlite alone, and so do the API tests (set WORKLOG_TEST_POSTGRES_URL).`,
    );
}

if (options.only === undefined && !options.list) {
  // The checks of the whole source tree, side by side: each is mostly one thread.
  await phase("lint and types", async () => {
    const checks = [
      ["eslint", bin("eslint"), ["."]],
      // The layout is Biome's (biome.json): a file it would change fails here; `npm run format` writes it.
      ["format", bin("biome"), ["format"]],
      ["import cycles", bin("madge"), ["--circular", "--extensions", "ts,tsx", "--exclude", "^lib/db/generated", "app", "components", "lib"]],
      ["typecheck", bin("tsc"), ["--noEmit"]],
      // The service worker's own program: a worker's global scope, not a window's (README "Offline and installing").
      ["service worker types", bin("tsc"), ["--noEmit", "-p", "lib/offline/service-worker"]],
      // Redocly and Spectral on the OpenAPI document, and the README's typed client compiled against it.
      ["OpenAPI lint", bin("tsx"), ["scripts/lint-openapi.ts"]],
      ["npm scripts", process.execPath, ["scripts/check-scripts.mjs"]],
    ];
    const results = await Promise.all(checks.map(([title, command, args]) => step(title, command, args, { buffered: true })));
    checks.forEach(([title], i) => record(title, results[i]));
  });
}
if (includes("unit")) await phase("unit", () => runVitest("unit", ["unit"]));
if (includes("db")) await phase("db", () => runVitest("db", ["db-pglite", ...(postgres ? ["db-postgres"] : [])]));
if ((includes("api") || includes("e2e")) && !options.list) {
  // One build serves the API tests' servers and Playwright's.
  await phase("build", async () => {
    try {
      ensureBuild();
    } catch (error) {
      record(error.message, false);
    }
  });
}
if (includes("api")) await phase("api", () => runVitest("api", ["api"], { WORKLOG_TEST_API_DATABASE: postgres ? "postgres" : "pglite" }));
if (includes("e2e")) await phase("e2e", runPlaywright);

if (options.list) await listTests();

console.log("");
if (durations.length) {
  const ciStarted = Number(process.env.WORKLOG_CI_STARTED_AT);
  if (ciStarted) durations.push(["total (.ci/run)", Date.now() / 1000 - ciStarted]);
  console.log("Durations:");
  for (const [name, seconds] of durations) console.log(`  ${name.padEnd(18)} ${seconds.toFixed(1).padStart(7)} s`);
}
if (failedTests.length) console.log(`Failed tests:\n${failedTests.map((name) => `  ${name}`).join("\n")}`);
if (failures.length) console.log(`Failed: ${failures.join("; ")}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
