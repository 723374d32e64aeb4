import { apiMethods, serviceRoute } from "@/lib/api/route";
import { checkDatabase } from "@/lib/db/health";
import { serverOperations } from "@/lib/server/operations";
import type { HealthResponse } from "@/lib/server/probes";

/** Readiness: 503 while the database cannot be reached. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  serviceRoute(serverOperations.health, async () => {
    const database = await checkDatabase();
    const body: HealthResponse = { status: database === "ok" ? "ok" : "unavailable", database };
    return Response.json(body, { status: database === "ok" ? 200 : 503 });
  }),
);
