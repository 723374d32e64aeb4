import type { LiveResponse } from "@/lib/server/probes";

/** Liveness: answers without touching the database. */
export function GET() {
  return Response.json({ status: "ok" } satisfies LiveResponse);
}
