// How test files reach the API project's global setup (tests/support/global-servers.ts), which
// owns the servers that files share: a small HTTP service on loopback whose address the setup
// provides to every file.
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The global setup's control service, `http://127.0.0.1:<port>`. */
    serverControl?: string;
  }
}

/** Whether this process runs a file of a project whose global setup shares servers. */
export function hasControl(): boolean {
  return Boolean(process.env.VITEST && inject("serverControl"));
}

/** Asks the global setup for something; its errors (a server that would not start…) come back as errors. */
export async function askControl<T>(pathname: string, body?: unknown): Promise<T> {
  const base = process.env.VITEST ? inject("serverControl") : undefined;
  if (!base) throw new Error("no global setup shares servers here: shared servers are for tests/api (vitest.config.ts)");
  const response = await fetch(`${base}${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${pathname}: ${text}`);
  return JSON.parse(text) as T;
}
