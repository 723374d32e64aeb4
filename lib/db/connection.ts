import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import { mkdirSync } from "node:fs";
import pg from "pg";
import { getConfig } from "@/lib/config";
import { acquireEmbeddedDatabaseLock, releaseEmbeddedDatabaseLock } from "./embedded-lock";
import { pgliteOptions } from "./pglite-options";
import { TurnTakingPGlite } from "./turn-taking-pglite";

/** The one driver this process talks to: an embedded PGlite or a pool of PostgreSQL connections. */
export type Connection =
  | { kind: "pglite"; pglite: PGlite; dataDir: string }
  | { kind: "postgres"; pool: pg.Pool; url: string; migrationUrl: string; preparedStatements: boolean };

const holder = globalThis as typeof globalThis & { __worklogConnection?: Connection };

export function getConnection(): Connection {
  return (holder.__worklogConnection ??= openConnection());
}

function openConnection(): Connection {
  const { database } = getConfig();
  if (database.kind === "postgres") {
    // A server that accepts connections but no longer answers (frozen, or cut off by the network)
    // must not hold requests forever: a connection waits 5 s to connect and a query
    // DATABASE_QUERY_TIMEOUT_MS for its answer, after which the pool drops the connection.
    const pool = new pg.Pool({
      connectionString: database.url,
      max: database.poolSize,
      connectionTimeoutMillis: 5_000,
      query_timeout: database.queryTimeoutMs,
    });
    // An idle client losing its server (a restart, a failover) must not crash the process;
    // the next query reconnects.
    pool.on("error", (error) => console.error("[db] idle PostgreSQL connection failed:", error.message));
    // A connection can die between being handed out and its borrower listening for errors (the
    // server shutting down as it connects): its 'error' event must not become an uncaught
    // exception. The borrower's query fails anyway, and the pool drops the dead connection.
    pool.on("connect", (client) => client.on("error", () => undefined));
    return { kind: "postgres", pool, url: database.url, migrationUrl: database.migrationUrl, preparedStatements: database.preparedStatements };
  }
  mkdirSync(database.dataDir, { recursive: true });
  acquireEmbeddedDatabaseLock(database.dataDir);
  return { kind: "pglite", pglite: new TurnTakingPGlite({ dataDir: database.dataDir, ...pgliteOptions }), dataDir: database.dataDir };
}

/** Whether this process has the database open (a server always has; the admin CLI once a command needs it). */
export function hasOpenConnection(): boolean {
  return holder.__worklogConnection !== undefined;
}

export async function closeConnection(): Promise<void> {
  const connection = holder.__worklogConnection;
  if (!connection) return;
  holder.__worklogConnection = undefined;
  if (connection.kind === "postgres") {
    await connection.pool.end();
  } else {
    await connection.pglite.close();
    releaseEmbeddedDatabaseLock(connection.dataDir);
  }
}
