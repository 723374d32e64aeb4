import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { MigrationList } from "@prisma/schema-engine-wasm";
import pg from "pg";
import type { Connection } from "./connection";
import { pgliteMigrationAdapter, postgresMigrationAdapter } from "./migration-adapters";
import { openSchemaEngine } from "./schema-engine";

export const prismaDir = path.join(process.cwd(), "prisma");
export const migrationsDir = path.join(prismaDir, "migrations");
export const noSchemaFilter = { externalTables: [], externalEnums: [] };

/** Any fixed number: the key of the PostgreSQL advisory lock held while migrating. */
const MIGRATION_LOCK_KEY = 7_401_019_233;

export async function readSchema(): Promise<{ path: string; content: string }> {
  const file = path.join(prismaDir, "schema.prisma");
  return { path: file, content: await readFile(file, "utf8") };
}

/** The migrations folder in the shape the schema engine takes (Prisma's standard layout). */
export async function readMigrations(): Promise<MigrationList> {
  const lockfile = path.join(migrationsDir, "migration_lock.toml");
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: await readFile(lockfile, "utf8").catch(() => null) },
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8").then(
            (value) => ({ tag: "ok" as const, value }),
            (error: Error) => ({ tag: "error" as const, value: error.message }),
          ),
        },
      })),
    ),
    shadowDbInitScript: "",
  };
}

export function migrationAdapterFor(connection: Connection) {
  return connection.kind === "pglite" ? pgliteMigrationAdapter(connection.pglite) : postgresMigrationAdapter(connection.migrationUrl);
}

/**
 * Applies the pending migrations, like `prisma migrate deploy`. On PostgreSQL an advisory lock
 * makes instances that start together take turns; the embedded database has one owner anyway.
 * Both go through DIRECT_DATABASE_URL when it is set: a pooler in transaction mode would run
 * the lock and the unlock on different server connections, and the schema engine's statements
 * with them.
 */
export async function applyPendingMigrations(connection: Connection): Promise<string[]> {
  if (connection.kind === "pglite") return deploy(connection);
  const lockClient = new pg.Client({ connectionString: connection.migrationUrl });
  await lockClient.connect();
  try {
    await lockClient.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return await deploy(connection);
  } finally {
    await lockClient.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockClient.end();
  }
}

async function deploy(connection: Connection): Promise<string[]> {
  const [schema, migrationsList] = await Promise.all([readSchema(), readMigrations()]);
  const adapterFactory = migrationAdapterFor(connection);
  const engine = await openSchemaEngine(schema, adapterFactory);
  try {
    const diagnosis = await engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: noSchemaFilter });
    if (diagnosis.failedMigrationNames.length > 0) {
      throw new Error(`These migrations failed earlier and must be resolved by hand before starting: ${diagnosis.failedMigrationNames.join(", ")}`);
    }
    const { appliedMigrationNames } = await engine.applyMigrations({ migrationsList, filters: noSchemaFilter });
    return appliedMigrationNames;
  } finally {
    engine.free();
    await adapterFactory.close();
  }
}
