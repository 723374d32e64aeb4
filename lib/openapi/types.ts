// The shapes of the OpenAPI 3.1 document the API publishes (lib/openapi/document.ts builds it).
import type { HttpMethod, McpToolListing, Tag } from "@/lib/api/operation";

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect). */
export type JsonSchema = { [keyword: string]: unknown };

export type Reference = { $ref: string; description?: string };

export type Example = { summary: string; value: unknown };

export type MediaType = {
  schema: JsonSchema;
  example?: unknown;
  examples?: Record<string, Example>;
  /** For `text/event-stream`: the schema of each event's `data:` line. */
  "x-event-data"?: JsonSchema;
};

export type ResponseObject = { description: string; headers?: Record<string, Reference>; content?: Record<string, MediaType> };

export type Parameter = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: "form";
  explode?: boolean;
};

export type SecurityRequirement = Record<string, string[]>;

export type OperationObject = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: SecurityRequirement[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject | Reference>;
  /** The scopes the endpoint requires, separated by spaces. */
  "x-scope"?: string;
  "x-plan"?: string;
  "x-required-role"?: string;
  /** The MCP endpoint's tools, each with the scopes and plan it requires. */
  "x-mcp-tools"?: McpToolListing[];
};

export type PathItem = Partial<Record<HttpMethod, OperationObject>>;

export type OpenApiDocument = {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: Tag[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
    securitySchemes: Record<string, { type: "http"; scheme: string; bearerFormat?: string; description: string }>;
  };
};
