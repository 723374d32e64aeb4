import { adminSocketPath, serveAdminCommands } from "@/lib/admin/socket";
import { ConfigError, getAuthSecret, getConfig } from "@/lib/config";
import { getConnection } from "@/lib/db/connection";
import { applyPendingMigrations } from "@/lib/db/migrate";

export async function startServer(): Promise<void> {
  try {
    getConfig();
    getAuthSecret();
    const connection = getConnection();
    const applied = await applyPendingMigrations(connection);
    const where = connection.kind === "pglite" ? `embedded database in ${connection.dataDir}` : "PostgreSQL";
    console.log(`[worklog] ${where}: ${applied.length ? `applied ${applied.join(", ")}` : "schema up to date"}`);
    if (connection.kind === "pglite") serveAdminCommands(adminSocketPath(connection.dataDir));
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    console.error("[worklog] could not start; see above.");
    process.exit(1);
  }
}
