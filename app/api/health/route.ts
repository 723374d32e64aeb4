import { checkDatabase } from "@/lib/db/health";
import type { HealthResponse } from "@/lib/server/probes";

/** Readiness: 503 while the database cannot be reached. */
export async function GET() {
  const database = await checkDatabase();
  const body: HealthResponse = { status: database === "ok" ? "ok" : "unavailable", database };
  return Response.json(body, { status: database === "ok" ? 200 : 503 });
}
