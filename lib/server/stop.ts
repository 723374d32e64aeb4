import "server-only";
import type { Server } from "node:http";
import { closeConnection } from "@/lib/db/connection";
import { stopJobWorker } from "@/lib/jobs/worker";
import { beginStopping } from "./stopping";

/** What scripts/http-servers.mjs records in a server started by scripts/start.mjs. */
type HttpServers = { servers: Set<Server>; inFlight: number; idleListeners: Set<() => void> };

/** How long requests in flight may go on once the server has been asked to stop. */
export const STOP_GRACE_MS = 10_000;

/**
 * A repeat of the first signal this soon is the same request: Ctrl+C reaches npm, this script
 * and the server at once, npm passes its copy on, and so does scripts/start.mjs.
 */
const SAME_SIGNAL_MS = 1_000;

function httpServers(): HttpServers | undefined {
  return (globalThis as typeof globalThis & { __worklogHttpServers?: HttpServers }).__worklogHttpServers;
}

function requestsFinished(http: HttpServers): Promise<void> {
  if (http.inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const listener = () => {
      http.idleListeners.delete(listener);
      resolve();
    };
    http.idleListeners.add(listener);
  });
}

/**
 * Stops cleanly on SIGTERM or SIGINT (README "Stopping"): no new connections; event streams end
 * with a last event; the job worker stops its attempts and releases their jobs; requests in
 * flight finish (up to STOP_GRACE_MS); then the database is closed, which releases the embedded
 * database's lock, and the process exits with 0. Another signal meanwhile exits at once.
 * Only in a server started by scripts/start.mjs, which also tells Next.js to leave the signals
 * to it (NEXT_MANUAL_SIG_HANDLE).
 */
export function stopCleanlyOnSignals(): void {
  const http = httpServers();
  if (!http) {
    // Started otherwise (`next start`), Next.js ends the process once its server has closed: the
    // worker stops its attempts and releases their jobs meanwhile.
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stopJobWorker());
    return;
  }
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!first) {
      first = { signal, at: Date.now() };
      void stop(http, signal);
    } else if (signal !== first.signal || Date.now() - first.at >= SAME_SIGNAL_MS) {
      console.log(`[worklog] ${signal} again: stopping at once`);
      process.exit(1);
    }
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}

async function stop(http: HttpServers, signal: NodeJS.Signals): Promise<void> {
  console.log(
    `[worklog] ${signal}: stopping; ${http.inFlight} request(s) in flight may finish within ${STOP_GRACE_MS / 1000} s (another signal stops at once)`,
  );
  beginStopping();
  for (const server of http.servers) server.close();
  let graceTimer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<"timeout">((resolve) => (graceTimer = setTimeout(() => resolve("timeout"), STOP_GRACE_MS)));
  const settled = await Promise.race([Promise.all([requestsFinished(http), stopJobWorker()]), graceOver]);
  clearTimeout(graceTimer);
  if (settled === "timeout") console.log(`[worklog] ${http.inFlight} request(s) still in flight after ${STOP_GRACE_MS / 1000} s: closing their connections`);
  for (const server of http.servers) server.closeAllConnections();
  try {
    await closeConnection();
  } catch (error) {
    console.error("[worklog] could not close the database:", error instanceof Error ? error.message : error);
  }
  console.log("[worklog] stopped");
  process.exit(0);
}
