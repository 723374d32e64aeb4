// Every npm script that README.md tells readers to run is run here on a path that does no real
// work (its usage, or the list of tests it would run), so that a script naming a missing file or a
// test project that does not exist fails here rather than in a reader's hands.
import { spawnSync } from "node:child_process";
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

/** The arguments that keep each script from building, serving, seeding or testing anything. */
const cheapPaths: Record<string, string[]> = {
  start: ["--help"],
  dev: ["--help"],
  build: ["--help"],
  test: ["--list"],
  "test:unit": ["--list"],
  "test:db": ["--list"],
  "test:api": ["--list"],
  "test:e2e": ["--list"],
  admin: ["--help"],
  "db:generate": ["--help"],
  "db:migrate": ["--help"],
  "db:migration:create": ["--help"],
  bench: ["--help"],
  "bench:lists": ["--help"],
  "bench:rate-limit": ["--help"],
  // Cheap as it is: it reads the import graph.
  "lint:cycles": [],
  "lint:openapi": ["--help"],
  "bench:streams": ["--help"],
};

// Playwright's configuration makes a data directory whenever it is loaded, listing included.
const e2eDataDir = mkdtempSync(path.join(os.tmpdir(), "worklog-scripts-e2e-"));
afterAll(() => rmSync(e2eDataDir, { recursive: true, force: true }));

describe("the npm scripts that README.md documents", () => {
  it("each have a cheap path in this test", () => {
    expect(Object.keys(cheapPaths).sort()).toEqual(documented);
  });

  it.each(documented.filter((name) => name in cheapPaths))(
    "npm run %s succeeds on its cheap path",
    (name) => {
      const result = spawnSync("npm", ["run", "--silent", name, "--", ...cheapPaths[name]!], {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, E2E_DATA_DIR: e2eDataDir },
        timeout: 110_000,
      });
      expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
    },
    120_000,
  );
});
