import type { Operation } from "@/lib/api/operation";
import { healthResponseSchema, liveResponseSchema } from "./probes";

const tag = { name: "Service", description: "This document and the probes of the running service. No authentication." };

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
} satisfies Record<string, Operation>;
