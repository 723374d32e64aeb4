// Global setup of the api-pglite project: one embedded database, migrated once, which each
// server's database starts as a copy of (databases.ts). Migrating an empty one instead costs
// every server's start several seconds; tests/db still migrates each of its own from empty.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template's PGlite directory (DATA_DIR/pglite). */
    pgliteTemplate?: string;
  }
}

const root = path.resolve(import.meta.dirname, "../..");

export default function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "worklog-template-"));
  const migrate = spawnSync(process.execPath, ["--import", "tsx", "scripts/admin.ts", "db:migrate"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir },
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`db:migrate of the template database failed:\n${migrate.stderr}`);
  project.provide("pgliteTemplate", path.join(dataDir, "pglite"));
  return () => rmSync(dataDir, { recursive: true, force: true });
}
