// The operations CLI: `npm run admin -- <command> [options]` (see `npm run admin -- help`).
// It works on the configured database; while a server owns the embedded database, the command
// runs inside that server.
import { adminSocketPath, sendAdminCommand } from "@/lib/admin/socket";
import { runAdminCommand, type AdminResult } from "@/lib/admin/commands";
import { ConfigError, getConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { closeConnection, getConnection } from "@/lib/db/connection";
import { embeddedDatabaseOwner } from "@/lib/db/embedded-lock";
import { applyPendingMigrations } from "@/lib/db/migrate";

async function run(argv: string[]): Promise<AdminResult> {
  const { database } = getConfig();
  if (database.kind === "pglite" && embeddedDatabaseOwner(database.dataDir) !== undefined) {
    return sendAdminCommand(adminSocketPath(database.dataDir), argv);
  }
  try {
    await applyPendingMigrations(getConnection());
    return await runAdminCommand(argv);
  } finally {
    await disconnectDb();
    await closeConnection();
  }
}

try {
  const result = await run(process.argv.slice(2));
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
