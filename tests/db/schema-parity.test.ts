import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import type { Connection } from "@/lib/db/connection";
import { applyPendingMigrations } from "@/lib/db/migrate";
import { openPGlite } from "@/lib/db/pglite-options";
import { testBackend } from "../support/databases";

const schemaQuery = `
  SELECT 'column' AS kind, table_name || '.' || column_name AS name,
         data_type || coalesce('(' || datetime_precision || ')', '') || ' null=' || is_nullable || ' default=' || coalesce(column_default, '') AS definition
    FROM information_schema.columns WHERE table_schema = 'public'
  UNION ALL
  SELECT 'index', indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'
  UNION ALL
  SELECT 'constraint', conrelid::regclass::text || '.' || conname, pg_get_constraintdef(oid)
    FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype <> 'n' -- PostgreSQL 18 lists NOT NULL here too
  UNION ALL
  SELECT 'enum', t.typname, string_agg(e.enumlabel, ',' ORDER BY e.enumsortorder)
    FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid GROUP BY t.typname
  ORDER BY 1, 2`;

type SchemaRow = { kind: string; name: string; definition: string };

// Runs where the file's own database is PostgreSQL, and compares it with an embedded one.
describe.runIf(testBackend() === "postgres")("the migrations", () => {
  it("produce the same schema on PostgreSQL and on the embedded PGlite", async () => {
    const pglite = openPGlite();
    try {
      await applyPendingMigrations({ kind: "pglite", pglite, dataDir: "memory://" } satisfies Connection);
      const embedded = (await pglite.query<SchemaRow>(schemaQuery)).rows;
      const postgres = await getDb().$queryRawUnsafe<SchemaRow[]>(schemaQuery);
      expect(embedded.length).toBeGreaterThan(100);
      expect(embedded).toEqual(postgres);
    } finally {
      await pglite.close();
    }
  });
});
