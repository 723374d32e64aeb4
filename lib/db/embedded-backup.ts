import "server-only";
import { PGlite } from "@electric-sql/pglite";
import { existsSync, openAsBlob } from "node:fs";
import { rename, rm, writeFile } from "node:fs/promises";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { getConnection, hasOpenConnection } from "./connection";
import { acquireEmbeddedDatabaseLock, EmbeddedDatabaseBusyError, releaseEmbeddedDatabaseLock } from "./embedded-lock";
import { pgliteOptions } from "./pglite-options";

function embeddedDataDir(command: string): string {
  const { database } = getConfig();
  if (database.kind !== "pglite") throw new AppError("invalid_request", `${command} is for the embedded database; on PostgreSQL use pg_dump and pg_restore.`);
  return database.dataDir;
}

/**
 * Writes the whole embedded database to `file` (a gzipped tar of its directory, PGlite's
 * `dumpDataDir`): while a server runs, inside that server (the admin CLI hands it the command),
 * between two of its queries. An existing file is never overwritten.
 */
export async function backupEmbeddedDatabase(file: string): Promise<string> {
  const dataDir = embeddedDataDir("db:backup");
  const connection = getConnection();
  if (connection.kind !== "pglite") throw new Error(`the connection to ${dataDir} is not the embedded database`);
  const dump = await connection.pglite.dumpDataDir("gzip");
  try {
    await writeFile(file, new Uint8Array(await dump.arrayBuffer()), { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new AppError("conflict", `${file} exists already: name a new file.`);
    throw error;
  }
  return `Wrote the embedded database in ${dataDir} to ${file} (${Math.round(dump.size / 1024)} KiB).`;
}

/**
 * Replaces the embedded database with the one `file` holds (a db:backup), only while no server
 * has it open: a server reads its files as it pleases. The database it replaces is kept beside
 * it, renamed, and put back if the file cannot be loaded. The next start migrates it if the backup
 * is older than the code.
 */
export async function restoreEmbeddedDatabase(file: string): Promise<string> {
  const dataDir = embeddedDataDir("db:restore");
  const stopFirst = 'stop it first (README "Stopping"), then run db:restore again.';
  if (hasOpenConnection()) throw new AppError("conflict", `The embedded database in ${dataDir} is open in this server (process ${process.pid}): ${stopFirst}`);
  let dump: Blob;
  try {
    dump = await openAsBlob(file);
  } catch (error) {
    throw new AppError("not_found", `Cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    acquireEmbeddedDatabaseLock(dataDir);
  } catch (error) {
    if (error instanceof EmbeddedDatabaseBusyError)
      throw new AppError("conflict", `The embedded database in ${dataDir} is in use by process ${error.ownerPid} (a running Worklog server): ${stopFirst}`);
    throw error;
  }
  try {
    const previous = existsSync(dataDir) ? `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}` : undefined;
    if (previous) await rename(dataDir, previous);
    try {
      const restored = new PGlite({ dataDir, loadDataDir: dump, ...pgliteOptions });
      await restored.query("SELECT 1 FROM _prisma_migrations LIMIT 1");
      await restored.close();
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      if (previous) await rename(previous, dataDir);
      throw new AppError("invalid_request", `${file} is not a backup of Worklog's embedded database (${(error as Error).message}); nothing was changed.`);
    }
    return `Restored the embedded database in ${dataDir} from ${file}.${previous ? ` The one it replaced is in ${previous}.` : ""}`;
  } finally {
    releaseEmbeddedDatabaseLock(dataDir);
  }
}
