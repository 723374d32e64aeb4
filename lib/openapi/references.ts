// References inside the OpenAPI document: to named schemas, shared responses and headers.
import type { z } from "zod";
import type { requestSchemas } from "./components";
import type { Reference } from "./types";

export const schemaUri = (name: string) => `#/components/schemas/${name}`;
export const ref = (kind: "responses" | "headers", name: string, description?: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
  ...(description && { description }),
});

export type SchemaNames = typeof requestSchemas;

/** A schema's name in `components.schemas`: every schema the document refers to has one. */
export function schemaName(schema: z.ZodType, names: SchemaNames): string {
  const name = names.get(schema)?.id;
  if (name === undefined) {
    throw new Error("A schema of the API reference has no name: register it in requestSchemas or responseSchemas (lib/openapi/components.ts).");
  }
  return name;
}

export const schemaRef = (schema: z.ZodType, names: SchemaNames): Reference => ({ $ref: schemaUri(schemaName(schema, names)) });

/** Every authenticated response's: /api/v1's and /api/mcp's. */
export const callerHeaders = {
  "x-request-id": ref("headers", "RequestId"),
  "x-ratelimit-limit": ref("headers", "RateLimitLimit"),
  "x-ratelimit-remaining": ref("headers", "RateLimitRemaining"),
  "x-ratelimit-reset": ref("headers", "RateLimitReset"),
  "x-ratelimit-window": ref("headers", "RateLimitWindow"),
  "ratelimit-policy": ref("headers", "RateLimitPolicy"),
  ratelimit: ref("headers", "RateLimit"),
};
