import { apiMethods, serviceRoute } from "@/lib/api/route";
import { serverOperations } from "@/lib/server/operations";
import type { LiveResponse } from "@/lib/server/probes";

/** Liveness: answers without touching the database. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  serviceRoute(serverOperations.live, async () => Response.json({ status: "ok" } satisfies LiveResponse)),
);
