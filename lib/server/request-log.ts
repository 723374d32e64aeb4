import "server-only";
import { getConfig } from "@/lib/config";

export type RequestRecord = { requestId: string; method: string; route: string; status: number; durationMs: number; accountId: string | undefined };

/**
 * With LOG_FORMAT=json, one line of JSON per API request on stdout (README "Operations"): what
 * was asked of which route, its answer and how long it took, never a credential, a query or a body.
 */
export function logRequest({ requestId, method, route, status, durationMs, accountId }: RequestRecord): void {
  if (!getConfig().jsonRequestLog) return;
  const line = {
    time: new Date().toISOString(),
    request_id: requestId,
    method,
    route,
    status,
    duration_ms: Math.round(durationMs * 10) / 10,
    account_id: accountId ?? null,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
