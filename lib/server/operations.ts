import { errorBodySchema } from "@/lib/api/error-response";
import type { Operation } from "@/lib/api/operation";
import { dueJobsResponseSchema, healthResponseSchema, liveResponseSchema } from "./probes";

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
    description: "Ready while the database answers.",
    responses: {
      200: { description: "Ready.", schema: healthResponseSchema, example: { status: "ok", database: "ok" } },
      503: { description: "The database cannot be reached.", schema: healthResponseSchema, example: { status: "unavailable", database: "unreachable" } },
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
      503: { description: "The database cannot be reached.", schema: errorBodySchema, example: { error: { message: "Internal server error", type: "internal_error" } } },
    },
  },
} satisfies Record<string, Operation>;
