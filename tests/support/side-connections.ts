// Forcing the interleavings of concurrent writes on PostgreSQL (tests/db/*-races.test.ts): a side
// connection of the test's own database, beside the app's pool, holds locks or writes in a
// transaction the test commits when the app's request waits where the test wants it.
import pg from "pg";
import { getConnection } from "@/lib/db/connection";

/** How long a wait for the app may take before the test fails naming it: a hang, not a slow machine. */
const HANG_MS = 20_000;

export type SideConnection = pg.Client & { pid: number };

const opened: SideConnection[] = [];

/** A connection of the test file's database outside the app's pool. */
export async function sideConnection(): Promise<SideConnection> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  const side = Object.assign(client, { pid: rows[0]!.pid });
  opened.push(side);
  return side;
}

/** Ends the side connections opened so far (their transactions roll back). */
export async function closeSideConnections(): Promise<void> {
  await Promise.all(opened.splice(0).map((client) => client.end()));
}

function appPool(): pg.Pool {
  const connection = getConnection();
  if (connection.kind !== "postgres") throw new Error("PostgreSQL only");
  return connection.pool;
}

/**
 * Resolves once `count` statements of the app wait on locks and the app runs nothing else: every
 * connection it has taken from its pool is one of them, and no query waits for a connection. So
 * each statement the app sent before them has finished, and it sends no other until one of them
 * is let go. Side connections that wait (queued behind a lock the test holds) are counted apart,
 * as `sideCount`.
 */
export async function untilWaiting(observer: SideConnection, count: number, sideCount = 0): Promise<void> {
  const pool = appPool();
  const sidePids = opened.map((client) => client.pid);
  const deadline = Date.now() + HANG_MS;
  for (;;) {
    const { rows } = await observer.query<{ app: number; side: number }>(
      `SELECT count(*) FILTER (WHERE NOT pid = ANY($1::int[]))::int AS app, count(*) FILTER (WHERE pid = ANY($1::int[]))::int AS side
      FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND wait_event_type = 'Lock'`,
      [sidePids],
    );
    const busy = pool.totalCount - pool.idleCount;
    if (rows[0]!.app === count && rows[0]!.side === sideCount && busy === count && pool.waitingCount === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `expected ${count} statements of the app and ${sideCount} of side connections waiting on locks, the app running nothing else; saw ${rows[0]!.app} and ${rows[0]!.side}, with ${busy} connections of the app busy`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
