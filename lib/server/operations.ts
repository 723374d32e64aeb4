import { errorBodySchema } from "@/lib/api/error-response";
import type { Operation } from "@/lib/api/operation";
import { dueJobsResponseSchema, healthQuerySchema, healthResponseSchema, liveResponseSchema } from "./probes";

const tag = { name: "Service", description: "This document, the probes of the running service and its cron route. No API key." };

export const serverOperations = {
  openApiDocument: {
    kind: "service",
    operationId: "getOpenApiDocument",
    method: "get",
    path: "/api/v1/openapi.json",
    tag,
    summary: "This API reference",
    description: "The OpenAPI 3.1 document of the API, generated from the schemas the endpoints validate with.",
    revalidated: true,
    responses: { 200: { description: "The OpenAPI document, with its ETag; public, cached for five minutes." } },
  },
  live: {
    kind: "service",
    operationId: "checkLiveness",
    method: "get",
    path: "/api/live",
    tag,
    summary: "Liveness probe",
    description: "The process answers; the database is not consulted.",
    responses: { 200: { description: "Alive.", schema: liveResponseSchema, example: { status: "ok" } } },
  },
  health: {
    kind: "service",
    operationId: "checkHealth",
    method: "get",
    path: "/api/health",
    tag,
    summary: "Readiness probe",
    description:
      'Ready while the database answers and the server is not stopping (README "Stopping"). With `ready=1` it also says what the rate limits are counted in and whether this process runs jobs; neither makes it unready: requests pass unlimited while Upstash Redis does not answer, and another instance or the cron route runs the jobs.',
    query: healthQuerySchema,
    responses: {
      200: {
        description: "Ready.",
        schema: healthResponseSchema,
        examples: {
          plain: { summary: "GET /api/health", value: { status: "ok", database: "ok" } },
          ready: { summary: "GET /api/health?ready=1", value: { status: "ok", database: "ok", stopping: false, rate_limiter: "ok", job_worker: "running" } },
        },
      },
      503: {
        description: "The database cannot be reached, or the server is stopping.",
        schema: healthResponseSchema,
        example: { status: "unavailable", database: "unreachable" },
      },
    },
  },
  metrics: {
    kind: "service",
    operationId: "getMetrics",
    method: "get",
    path: "/api/metrics",
    tag,
    summary: "Prometheus metrics",
    description:
      "Only where `METRICS_TOKEN` is set (404 elsewhere), with `Authorization: Bearer <METRICS_TOKEN>`: this process's API requests by method, route pattern and status (`worklog_http_request_duration_seconds`), its open recap event streams (`worklog_open_event_streams`), the job queue's depth (`worklog_job_queue_depth`), and the process's CPU, memory and V8 heap (prom-client's default metrics, such as `process_resident_memory_bytes` and `nodejs_heap_size_used_bytes`), in Prometheus's text format.",
    responses: {
      200: {
        description: "The metrics.",
        text: {
          mediaType: "text/plain",
          example:
            "# HELP worklog_open_event_streams Recap event streams open in this process\n# TYPE worklog_open_event_streams gauge\nworklog_open_event_streams 2\n",
        },
      },
      401: {
        description: "No `Authorization: Bearer <METRICS_TOKEN>`, or a wrong one.",
        schema: errorBodySchema,
        example: { error: { message: "Authentication required", type: "authentication_error" } },
      },
      404: {
        description: "`METRICS_TOKEN` is not set.",
        schema: errorBodySchema,
        example: { error: { message: "Could not find the requested resource", type: "not_found_error" } },
      },
    },
  },
  runDueJobs: {
    kind: "service",
    operationId: "runDueJobs",
    method: "get",
    path: "/api/cron/jobs",
    tag,
    summary: "Run due jobs (cron)",
    description:
      "What Vercel's cron calls (`vercel.json`): runs the job queue's due jobs, recap generations and their retries, starting new ones for up to a minute, and says what became of them. " +
      "Only with `Authorization: Bearer <CRON_SECRET>`; without `CRON_SECRET` set, it refuses every request. Servers started with `npm start` run their jobs themselves.",
    responses: {
      200: {
        description: "The attempts run: done, to be tried again, failed for good, stopped (the server is stopping), or taken over by another worker.",
        schema: dueJobsResponseSchema,
        example: { ran: 2, completed: 1, retrying: 1, failed: 0, released: 0, lost: 0 },
      },
      401: {
        description: "No `Authorization: Bearer <CRON_SECRET>`, a wrong one, or no `CRON_SECRET` configured.",
        schema: errorBodySchema,
        example: { error: { message: "Authentication required", type: "authentication_error" } },
      },
      503: {
        description: "The database cannot be reached.",
        schema: errorBodySchema,
        example: { error: { message: "Internal server error", type: "internal_error" } },
      },
    },
  },
} satisfies Record<string, Operation>;
