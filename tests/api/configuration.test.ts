import pg from "pg";
import { describe, expect, it } from "vitest";
import { postgresServerUrl } from "../../scripts/postgres.mjs";
import { startServer } from "../support/server";

describe("startup", () => {
  it("stops with a message naming each invalid variable", async () => {
    const failure = await startServer({ env: { RATE_LIMIT_PER_MINUTE: "lots", DEFAULT_PLAN: "gold" } }).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain("next start exited with 1");
    expect((failure as Error).message).toContain("RATE_LIMIT_PER_MINUTE");
    expect((failure as Error).message).toContain("DEFAULT_PLAN");
  });
});

describe.runIf(process.env.WORKLOG_TEST_DATABASE === "postgres")("readiness", () => {
  it("is 503 while the database is unreachable, and the liveness probe stays 200", async () => {
    const server = await startServer();
    try {
      const database = new URL(server.env.DATABASE_URL!).pathname.slice(1);
      const admin = new pg.Client({ connectionString: postgresServerUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE "${database}" WITH (FORCE)`);
      await admin.end();

      const health = await server.request("/api/health");
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "unavailable", database: "unreachable" });
      expect((await server.request("/api/live")).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
