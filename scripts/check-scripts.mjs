// Every npm script that README.md tells readers to run, run on a path that does no real work (its
// usage, or the list of tests it would run), so that a script naming a missing file or a test
// project that does not exist fails `npm test` (its lint phase) rather than a reader. Each run is
// mostly the start-up of Node and tsx: as many at a time as there are cores, the longest first.
//   node scripts/check-scripts.mjs
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));

/** `npm start`, `npm test` and every `npm run <name>` in README.md that package.json defines. */
const documented = [...new Set(Array.from(readme.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g), (match) => match[1] ?? match[2]))]
  .filter((name) => name in scripts)
  .sort();

/**
 * The arguments that keep each script from building, serving, seeding or testing anything; the
 * longest first. `test --list` names the test files of every project and Playwright's tests; the
 * parts (`test:unit`…) pick among the same, so their usage checks the part they name.
 */
const cheapPaths = {
  test: ["--list"],
  admin: ["--help"],
  "db:migrate": ["--help"],
  "db:generate": ["--help"],
  "bench:rate-limit": ["--help"],
  bench: ["--help"],
  "bench:lists": ["--help"],
  "bench:forge-hooks": ["--help"],
  "bench:webhooks": ["--help"],
  "bench:week-view": ["--help"],
  "bench:worklog-paint": ["--help"],
  "bench:lighthouse": ["--help"],
  "bench:import": ["--help"],
  "lint:openapi": ["--help"],
  "bench:streams": ["--help"],
  "bench:profile": ["--help"],
  "bench:memory": ["--help"],
  "db:migration:create": ["--help"],
  // madge takes the last --extensions: it reads its configuration and walks the folders the
  // script names, parsing no file (the lint phase's own check looks for the cycles).
  "lint:cycles": ["--extensions", "none"],
  format: ["--help"],
  "lint:format": ["--help"],
  "test:e2e": ["--help"],
  "test:unit": ["--help"],
  "test:db": ["--help"],
  "test:api": ["--help"],
  dev: ["--help"],
  build: ["--help"],
  start: ["--help"],
};

// Playwright's configuration makes a data directory whenever it is loaded, listing included.
const e2eDataDir = mkdtempSync(path.join(os.tmpdir(), "worklog-scripts-e2e-"));

/**
 * `npm run <name> -- <args>`, run as npm runs it but without npm's own start-up (some 0.15 s of
 * CPU each time): `pre<name>` and `post<name>` when package.json has them, around the script
 * given the arguments (plain words here), in `sh -c` with node_modules/.bin first on PATH.
 * Resolves to the exit code (null when it had to be stopped) and the output.
 */
function npmRun(name, args) {
  const stages = [
    [`pre${name}`, []],
    [name, args],
    [`post${name}`, []],
  ];
  const commands = stages.filter(([stage]) => stage in scripts).map(([stage, stageArgs]) => [scripts[stage], ...stageArgs].join(" "));
  return new Promise((resolve) => {
    // In a process group of its own, so that one that hangs is stopped with all it started.
    const child = spawn("sh", ["-c", commands.join(" && ")], {
      cwd: root,
      env: {
        ...process.env,
        PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
        E2E_DATA_DIR: e2eDataDir,
        // Prisma's CLI reports each use from a process of its own, which the check has no use for.
        CHECKPOINT_DISABLE: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    // A bound against a hang, far above the few seconds a run takes on a slow, busy machine.
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Its group has ended already.
      }
    }, 110_000);
    child.once("error", (error) => (output += `${error.message}\n`));
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const failures = [];
const unchecked = documented.filter((name) => !(name in cheapPaths));
const stale = Object.keys(cheapPaths).filter((name) => !documented.includes(name));
if (unchecked.length) failures.push(`README.md documents scripts that scripts/check-scripts.mjs has no cheap path for: ${unchecked.join(", ")}`);
if (stale.length) failures.push(`scripts/check-scripts.mjs has cheap paths for scripts README.md does not document: ${stale.join(", ")}`);

const queue = Object.keys(cheapPaths).filter((name) => documented.includes(name));
const checked = queue.length;
async function worker() {
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    const { code, output } = await npmRun(name, cheapPaths[name]);
    if (code !== 0) failures.push(`npm run ${name} -- ${cheapPaths[name].join(" ")} exited with ${code}:\n${output}`);
  }
}
await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
rmSync(e2eDataDir, { recursive: true, force: true });

for (const failure of failures) console.error(failure);
console.log(`${checked} documented npm scripts run on their cheap paths, ${failures.length} problems`);
process.exit(failures.length ? 1 : 0);
