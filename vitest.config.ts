import path from "node:path";
import { defineConfig } from "vitest/config";
import { isPostgresReachable } from "./scripts/postgres.mjs";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // Tests are server code: `server-only` resolves to its empty module, as in Next's server bundles.
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
};

/**
 * The API tests speak HTTP to real servers, which behave alike on both databases: they run once,
 * on PostgreSQL when it is reachable (on PGlite otherwise, or as WORKLOG_TEST_API_DATABASE says),
 * while tests/db covers what differs between the databases on both, and
 * tests/api/embedded-smoke.test.ts runs the main flows on the embedded database through HTTP.
 */
const apiBackend = process.env.WORKLOG_TEST_API_DATABASE ?? ((await isPostgresReachable()) ? "postgres" : "pglite");

/** Integration tests run once per database: the embedded PGlite always, PostgreSQL when reachable. */
const databaseProject = (backend: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: `db-${backend}`,
    include: ["tests/db/**/*.test.ts"],
    env: { WORKLOG_TEST_DATABASE: backend },
    setupFiles: ["tests/support/fresh-database.ts"],
    // The files of a worker share its modules: each file still gets a database of its own, and the
    // setup closes the last file's connections, while PGlite's WebAssembly and Prisma's client are
    // loaded once a worker rather than once a file (the phase took 2.3 times as long isolated).
    isolate: false,
    globalSetup: ["tests/support/template-database.ts"],
    // Bounds against hangs, not speed checks: a 10 000-entry import takes 4 s on PGlite on an
    // idle machine and went past 30 s with the cores shared by several runs.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine. The API
    // tests mostly wait on their servers, so several files at a time keep the cores busy.
    maxWorkers: 3,
    projects: [
      // Timeouts bound hangs: the property tests take a second here and must pass on a machine several times slower.
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], testTimeout: 30_000 } },
      databaseProject("pglite"),
      databaseProject("postgres"),
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          env: { WORKLOG_TEST_DATABASE: apiBackend },
          globalSetup: ["tests/support/global-servers.ts"],
          // The files of a worker share its modules, as the database projects' do.
          isolate: false,
          // Bounds for hangs, not for speed: a busy machine several times slower stays well inside them.
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
