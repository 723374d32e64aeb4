import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";

// scripts/build.mjs's lock: test files start their servers together, and each `npm start` takes
// the lock to see whether the build is current, so the lock changes hands many times a second.
const dir = mkdtempSync(path.join(os.tmpdir(), "worklog-build-lock-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const buildScript = path.resolve(import.meta.dirname, "../../scripts/build.mjs");
const rounds = 150;
const holder = (name: string) => `
  import { appendFileSync } from "node:fs";
  import { withBuildLock } from ${JSON.stringify(buildScript)};
  for (let round = 0; round < ${rounds}; round++) {
    withBuildLock(() => {
      appendFileSync(${JSON.stringify(path.join(dir, "log"))}, "enter ${name}\\n");
      appendFileSync(${JSON.stringify(path.join(dir, "log"))}, "leave ${name}\\n");
    }, ${JSON.stringify(path.join(dir, "lock"))});
  }`;

it("passes between processes taking it at once, one holder at a time, without failing any", async () => {
  const names = ["a", "b", "c", "d"];
  const children = names.map((name) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", holder(name)], { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    return once(child, "exit").then(([code]) => ({ name, code, stderr }));
  });
  const results = await Promise.all(children);
  expect(results.filter((result) => result.code !== 0)).toEqual([]);
  const lines = readFileSync(path.join(dir, "log"), "utf8").trim().split("\n");
  expect(lines).toHaveLength(names.length * rounds * 2);
  for (let index = 0; index < lines.length; index += 2) {
    expect(lines[index + 1], `line ${index + 2}`).toBe(lines[index]!.replace("enter", "leave"));
  }
}, 60_000);
