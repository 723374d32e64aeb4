import { apiMethods, serviceRoute } from "@/lib/api/route";
import { checkDatabase } from "@/lib/db/health";
import { jobWorkerRunning } from "@/lib/jobs/worker";
import { rateLimiterState } from "@/lib/rate-limit";
import { serverOperations } from "@/lib/server/operations";
import type { HealthResponse } from "@/lib/server/probes";
import { serverStopping } from "@/lib/server/stopping";

/** Readiness: 503 while the database cannot be reached or the server stops; `?ready=1` says more. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  serviceRoute(serverOperations.health, async (request) => {
    // A probe answers whatever it is asked: any other `ready` is the plain probe.
    const ready = new URL(request.url).searchParams.get("ready") === "1";
    const stopping = serverStopping().aborted;
    const [database, rateLimiter] = await Promise.all([checkDatabase(), ready ? rateLimiterState() : undefined]);
    const ok = database === "ok" && !stopping;
    const body: HealthResponse = {
      status: ok ? "ok" : "unavailable",
      database,
      ...(ready && { stopping, rate_limiter: rateLimiter, job_worker: jobWorkerRunning() ? "running" : "off" }),
    };
    return Response.json(body, { status: ok ? 200 : 503 });
  }),
);
