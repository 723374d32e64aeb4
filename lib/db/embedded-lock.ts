import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no lock of its own: a second process opening the same directory silently
 * diverges from the first. The process that owns the embedded database records its pid here.
 */
export class EmbeddedDatabaseBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${ownerPid} (a running Worklog server). ` +
        `Stop that process first, or use PostgreSQL by setting DATABASE_URL.`,
    );
    this.name = "EmbeddedDatabaseBusyError";
  }
}

function lockFile(dataDir: string): string {
  return `${path.resolve(dataDir)}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid of the live process holding the lock, if another one holds it. */
export function embeddedDatabaseOwner(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockFile(dataDir), "utf8"), 10);
  } catch {
    return undefined;
  }
  return Number.isInteger(pid) && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

export function acquireEmbeddedDatabaseLock(dataDir: string): void {
  const file = lockFile(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      // Next.js ends the process on SIGTERM without waiting for asynchronous cleanup; PGlite
      // writes through to its files, so releasing the lock is all that is left to do.
      process.once("exit", () => releaseEmbeddedDatabaseLock(dataDir));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = embeddedDatabaseOwner(dataDir);
    if (owner !== undefined) throw new EmbeddedDatabaseBusyError(dataDir, owner);
    if (readFileSync(file, "utf8").trim() === String(process.pid)) return;
    rmSync(file, { force: true }); // left behind by a process that is gone
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}`);
}

export function releaseEmbeddedDatabaseLock(dataDir: string): void {
  try {
    if (readFileSync(lockFile(dataDir), "utf8").trim() === String(process.pid)) rmSync(lockFile(dataDir));
  } catch {
    // already gone
  }
}
