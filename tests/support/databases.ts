import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { postgresServerUrl } from "../../scripts/postgres.mjs";

export type Backend = "pglite" | "postgres";

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

export async function createFreshDatabase(backend: Backend): Promise<FreshDatabase> {
  if (backend === "pglite") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "worklog-test-"));
    // The migrated template of the API tests' global setup; benchmarks, outside Vitest, migrate anew.
    const template = process.env.VITEST ? inject("pgliteTemplate") : undefined;
    if (template) await cp(template, path.join(dataDir, "pglite"), { recursive: true });
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
