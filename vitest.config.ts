import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname),
  // Tests are server code: `server-only` resolves to its empty module, as in Next's server bundles.
  "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
};

/** Integration tests run once per database: the embedded PGlite always, PostgreSQL when reachable. */
const databaseProject = (backend: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: `db-${backend}`,
    include: ["tests/db/**/*.test.ts"],
    env: { WORKLOG_TEST_DATABASE: backend },
    setupFiles: ["tests/support/fresh-database.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const apiProject = (backend: "pglite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: `api-${backend}`,
    include: ["tests/api/**/*.test.ts"],
    env: { WORKLOG_TEST_DATABASE: backend },
    globalSetup: ["tests/support/build-once.ts", ...(backend === "pglite" ? ["tests/support/pglite-template.ts"] : [])],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one, on a 2-core machine. The API
    // tests mostly wait on their servers (and on rate-limit windows and stream checks), so
    // three files at a time keep the cores busy.
    maxWorkers: 3,
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      databaseProject("pglite"),
      databaseProject("postgres"),
      apiProject("pglite"),
      apiProject("postgres"),
    ],
  },
});
