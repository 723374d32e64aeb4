// Every npm script that README.md tells readers to run is run here on a path that does no real
// work (its usage, or the list of tests it would run), so that a script naming a missing file or a
// test project that does not exist fails here rather than in a reader's hands.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const readme = readFileSync(path.join(root, "README.md"), "utf8");
const { scripts } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> };

/** `npm start`, `npm test` and every `npm run <name>` in README.md that package.json defines. */
const documented = [...new Set(Array.from(readme.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)/g), (match) => match[1] ?? match[2]!))]
  .filter((name) => name in scripts)
  .sort();

/**
 * The arguments that keep each script from building, serving, seeding or testing anything; the
 * longest first, so that the last to start are short.
 */
const cheapPaths: Record<string, string[]> = {
  test: ["--list"],
  "test:e2e": ["--list"],
  "test:unit": ["--list"],
  "test:db": ["--list"],
  "test:api": ["--list"],
  admin: ["--help"],
  "db:migrate": ["--help"],
  "db:generate": ["--help"],
  "bench:rate-limit": ["--help"],
  bench: ["--help"],
  "bench:lists": ["--help"],
  "bench:hooks": ["--help"],
  "bench:webhooks": ["--help"],
  "bench:week-view": ["--help"],
  "bench:worklog-paint": ["--help"],
  "bench:import": ["--help"],
  "lint:openapi": ["--help"],
  "bench:streams": ["--help"],
  "bench:profile": ["--help"],
  "bench:memory": ["--help"],
  "db:migration:create": ["--help"],
  // madge takes the last --extensions: it reads its configuration and walks the folders the
  // script names, parsing no file (npm test's lint phase looks for the cycles).
  "lint:cycles": ["--extensions", "none"],
  dev: ["--help"],
  build: ["--help"],
  start: ["--help"],
};

// Playwright's configuration makes a data directory whenever it is loaded, listing included.
const e2eDataDir = mkdtempSync(path.join(os.tmpdir(), "worklog-scripts-e2e-"));
afterAll(() => rmSync(e2eDataDir, { recursive: true, force: true }));

/**
 * `npm run <name> -- <args>`, run as npm runs it but without npm's own start-up (some 0.15 s of
 * CPU each time): `pre<name>` and `post<name>` when package.json has them, around the script
 * given the arguments (plain words here), in `sh -c` with node_modules/.bin first on PATH.
 * Resolves to the exit code (null when it had to be stopped) and the output.
 */
function npmRun(name: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const stages: [string, string[]][] = [[`pre${name}`, []], [name, args], [`post${name}`, []]];
  const commands = stages.filter(([stage]) => stage in scripts).map(([stage, stageArgs]) => [scripts[stage], ...stageArgs].join(" "));
  return new Promise((resolve, reject) => {
    // In a process group of its own, so that one that hangs is stopped with all it started.
    const child = spawn("sh", ["-c", commands.join(" && ")], {
      cwd: root,
      env: {
        ...process.env,
        PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH}`,
        E2E_DATA_DIR: e2eDataDir,
        // Prisma's CLI reports each use from a process of its own, which the test has no use for.
        CHECKPOINT_DISABLE: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // Its group has ended already.
      }
    }, 110_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe("the npm scripts that README.md documents", () => {
  it("each have a cheap path in this test", () => {
    expect(Object.keys(cheapPaths).sort()).toEqual(documented);
  });

  // Side by side (vitest's maxConcurrency at a time): each is mostly the start-up of Node.
  it.concurrent.each(Object.keys(cheapPaths).filter((name) => documented.includes(name)))(
    "npm run %s succeeds on its cheap path",
    async (name) => {
      const { code, output } = await npmRun(name, cheapPaths[name]!);
      expect(code, output).toBe(0);
    },
    120_000,
  );
});
