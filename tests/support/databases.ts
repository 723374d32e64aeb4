import { execFile } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { postgresServerUrl } from "../../scripts/postgres.mjs";

export type Backend = "pglite" | "postgres";

const root = path.resolve(import.meta.dirname, "../..");

export function testBackend(): Backend {
  const backend = process.env.WORKLOG_TEST_DATABASE;
  if (backend !== "pglite" && backend !== "postgres") throw new Error("WORKLOG_TEST_DATABASE must be pglite or postgres");
  return backend;
}

/** A database of its own for one test file or server: its environment, and how to remove it. */
export type FreshDatabase = { env: Record<string, string>; drop: () => Promise<void> };

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresServerUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * An empty database; on PGlite a copy of `pgliteTemplate` (a migrated PGlite directory) when
 * given, which spares a server's start the migrations (tests/db migrates each of its own anew).
 */
export async function createFreshDatabase(backend: Backend, pgliteTemplate?: string): Promise<FreshDatabase> {
  if (backend === "pglite") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "worklog-test-"));
    if (pgliteTemplate) await cp(pgliteTemplate, path.join(dataDir, "pglite"), { recursive: true });
    return { env: { DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `worklog_test_${crypto.randomUUID().replaceAll("-", "")}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: () => onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** A migrated PGlite directory that servers' databases start as copies of, and how to remove it. */
export async function migratedPgliteTemplate(): Promise<{ directory: string; remove: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "worklog-template-"));
  const remove = () => rm(dataDir, { recursive: true, force: true });
  await new Promise<void>((resolve, reject) =>
    execFile(process.execPath, ["--import", "tsx", "scripts/admin.ts", "db:migrate"], { cwd: root, env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir } }, (error, _stdout, stderr) =>
      error ? reject(new Error(`db:migrate of the template database failed:\n${stderr}`)) : resolve(),
    ),
  ).catch(async (error) => {
    await remove();
    throw error;
  });
  return { directory: path.join(dataDir, "pglite"), remove };
}
