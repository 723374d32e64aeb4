// Runs a migration's script again on the test database as the migrator runs it (lib/db/migrate.ts,
// lib/db/migration-adapters.ts): the file's text as one simple query on PostgreSQL, `exec` on
// PGlite; so a script that commits as it goes (a DO block) runs as it does when the server starts.
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { getConnection } from "@/lib/db/connection";
import { migrationsDir } from "@/lib/db/migrate";

export async function runMigrationScript(name: string): Promise<void> {
  const script = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
  const connection = getConnection();
  if (connection.kind === "pglite") {
    await connection.pglite.exec(script);
    return;
  }
  const client = new pg.Client({ connectionString: connection.migrationUrl });
  await client.connect();
  await client.query(script).finally(() => client.end());
}
