// The operations CLI, loaded by scripts/admin.ts. It works on the configured database; while a
// server owns the embedded database, the command runs inside that server.
import { existsSync } from "node:fs";
import { adminSocketPath, sendAdminCommand } from "@/lib/admin/socket";
import { adminUsage, commandMigrates, runAdminCommand, type AdminResult } from "@/lib/admin/commands";
import { ConfigError, getConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { closeConnection, getConnection } from "@/lib/db/connection";
import { embeddedDatabaseOwner } from "@/lib/db/embedded-lock";
import { applyPendingMigrations } from "@/lib/db/migrate";

async function run(argv: string[]): Promise<AdminResult> {
  if (argv.includes("--help")) return { exitCode: 0, stdout: `${adminUsage()}\n`, stderr: "" };
  const { database } = getConfig();
  if (database.kind === "pglite" && embeddedDatabaseOwner(database.dataDir) !== undefined) {
    await serverListening(database.dataDir);
    return sendAdminCommand(adminSocketPath(database.dataDir), argv);
  }
  try {
    if (commandMigrates(argv[0])) await applyPendingMigrations(getConnection());
    return await runAdminCommand(argv);
  } finally {
    await disconnectDb();
    await closeConnection();
  }
}

/**
 * A server that is starting holds the embedded database while it migrates it, and listens for
 * admin commands only then (lib/server/startup.ts): wait for its socket, as long as it lives.
 */
async function serverListening(dataDir: string): Promise<void> {
  const socket = adminSocketPath(dataDir);
  while (!existsSync(socket)) {
    if (embeddedDatabaseOwner(dataDir) === undefined)
      throw new Error(`The server that held the embedded database in ${dataDir} has stopped; run the command again.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function write(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => stream.write(text, () => resolve()));
}

let exitCode = 1;
try {
  const result = await run(process.argv.slice(2));
  await write(process.stdout, result.stdout);
  await write(process.stderr, result.stderr);
  exitCode = result.exitCode;
} catch (error) {
  await write(process.stderr, `${error instanceof ConfigError ? error.message : String((error as Error).stack ?? error)}\n`);
}
// The schema engine leaves a 10-second timer behind after migrating; do not wait for it.
process.exit(exitCode);
