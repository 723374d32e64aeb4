import { describe, expect, it } from "vitest";
import { getConnection } from "@/lib/db/connection";
import { applyPendingMigrations, readMigrations } from "@/lib/db/migrate";
import { getDb } from "@/lib/db/client";

describe("migrations", () => {
  it("are all applied to a fresh database and recorded as Prisma records them", async () => {
    const { migrationDirectories } = await readMigrations();
    const rows = await getDb().$queryRaw<{ migration_name: string; finished_at: Date | null; checksum: string }[]>`
      SELECT migration_name, finished_at, checksum FROM _prisma_migrations ORDER BY migration_name`;
    expect(rows.map((row) => row.migration_name)).toEqual(migrationDirectories.map((directory) => directory.path));
    for (const row of rows) {
      expect(row.finished_at).not.toBeNull();
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it("do nothing on an already-migrated database", async () => {
    expect(await applyPendingMigrations(getConnection())).toEqual([]);
  });

  it("go through DIRECT_DATABASE_URL, not the pooled DATABASE_URL, when it is set", async (context) => {
    const connection = getConnection();
    if (connection.kind !== "postgres") return context.skip("PostgreSQL only: the embedded database has no URL");
    // Nothing listens on port 1 (tcpmux): a migration through `url` would fail to connect.
    const pooledUnreachable = { ...connection, url: "postgresql://worklog@127.0.0.1:1/worklog" };
    expect(await applyPendingMigrations(pooledUnreachable)).toEqual([]);
    await expect(applyPendingMigrations({ ...connection, migrationUrl: pooledUnreachable.url })).rejects.toThrow();
  });

  it("can be started by several callers at once without racing", async () => {
    const results = await Promise.all([applyPendingMigrations(getConnection()), applyPendingMigrations(getConnection())]);
    expect(results).toEqual([[], []]);
  });
});
