// Setup file of the database projects: each test file gets a freshly migrated database of its
// own, a copy of the project's migrated template (tests/support/template-database.ts), so files
// run in parallel.
import { afterAll, beforeAll, inject } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { closeConnection, getConnection } from "@/lib/db/connection";
import { applyPendingMigrations } from "@/lib/db/migrate";
import { createFreshDatabase, testBackend, type FreshDatabase } from "./databases";
import { rereadConfig } from "./config";

let database: FreshDatabase;

beforeAll(async () => {
  const backend = testBackend();
  database = await createFreshDatabase(backend, inject("databaseTemplate"));
  delete process.env.DATABASE_URL;
  delete process.env.DATA_DIR;
  Object.assign(process.env, database.env);
  // Read the new environment (and the new data directory's secret).
  rereadConfig();
  delete (globalThis as { __worklogAuthSecret?: unknown }).__worklogAuthSecret;
  await applyPendingMigrations(getConnection());
});

afterAll(async () => {
  await disconnectDb();
  await closeConnection();
  await database.drop();
});
