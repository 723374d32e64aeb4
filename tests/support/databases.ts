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
 * A database of its own: empty, or a copy of `template` (migratedTemplate), which spares its
 * user the migrations.
 */
export async function createFreshDatabase(backend: Backend, template?: string): Promise<FreshDatabase> {
  if (backend === "pglite") {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "worklog-test-"));
    if (template) await cp(template, path.join(dataDir, "pglite"), { recursive: true });
    return { env: { DATA_DIR: dataDir }, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `worklog_test_${crypto.randomUUID().replaceAll("-", "")}`;
  await onServer((client) => client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`));
  return {
    env: { DATABASE_URL: databaseUrl(name) },
    drop: () => onServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

function databaseUrl(name: string): string {
  const url = new URL(postgresServerUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function migrate(env: Record<string, string>): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/admin.ts", "db:migrate"],
      { cwd: root, env: { ...process.env, DATABASE_URL: "", DATA_DIR: "", ...env } },
      (error, _stdout, stderr) => (error ? reject(new Error(`db:migrate of the template database failed:\n${stderr}`)) : resolve()),
    ),
  );
}

/**
 * A migrated database that fresh ones start as copies of, once per run rather than a migration
 * per test file or server: a PGlite directory, or the name of a PostgreSQL database (copied by
 * CREATE DATABASE … TEMPLATE); and how to remove it.
 */
export async function migratedTemplate(backend: Backend): Promise<{ template: string; remove: () => Promise<void> }> {
  const database = await createFreshDatabase(backend);
  try {
    await migrate(database.env);
  } catch (error) {
    await database.drop();
    throw error;
  }
  const template = backend === "pglite" ? path.join(database.env.DATA_DIR!, "pglite") : new URL(database.env.DATABASE_URL!).pathname.slice(1);
  return { template, remove: database.drop };
}
