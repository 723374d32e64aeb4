/** Whether this server process has begun to stop (lib/server/stop.ts), shared by every route bundle through globalThis. */
const processWide = globalThis as typeof globalThis & { __worklogStopping?: AbortController };

/** Aborts once the server has begun to stop: event streams end with a last event, readiness answers 503. */
export function serverStopping(): AbortSignal {
  return (processWide.__worklogStopping ??= new AbortController()).signal;
}

export function beginStopping(): void {
  (processWide.__worklogStopping ??= new AbortController()).abort();
}
