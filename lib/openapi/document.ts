import { createHash } from "node:crypto";
import { z } from "zod";
import { MAX_BODY_BYTES, payloadTooLarge } from "@/lib/api/body";
import { errorBody } from "@/lib/api/error-response";
import { authenticationError, authenticationMessages } from "@/lib/auth/authorization-header";
import { requireScope } from "@/lib/auth/scopes";
import { AppError } from "@/lib/errors";
import { projectCreateSchema } from "@/lib/projects/schemas";
import { PLAN_REQUIRED_MESSAGE } from "@/lib/users/plans";
import { parseInput } from "@/lib/validation";
import {
  operationSpecs,
  requestSchemas,
  responseSchemas,
  tags,
  type EventStreamSpec,
  type OperationSpec,
  type ResponseSchemaName,
  type ResponseSpec,
} from "./operations";

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
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: "form";
  explode?: boolean;
};

export type SecurityRequirement = Record<string, string[]>;

export type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  security: SecurityRequirement[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject | Reference>;
  "x-scope"?: string;
  "x-plan"?: string;
};

export type HttpMethod = OperationSpec["method"];
export type PathItem = Partial<Record<HttpMethod, Operation>>;

export type OpenApiDocument = {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; description: string };
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
    securitySchemes: Record<string, { type: "http"; scheme: string; bearerFormat?: string; description: string }>;
  };
};

export const httpMethods = ["get", "post", "put", "delete"] as const satisfies HttpMethod[];

const schemaRef = (name: string) => `#/components/schemas/${name}`;
const ref = (kind: "responses" | "headers", name: string, description?: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
  ...(description && { description }),
});

/**
 * The schemas as JSON Schema, named as in `components.schemas`, so that one refers to another by
 * `$ref`. Zod converts them as the code reads them: request bodies as input, responses as output.
 */
function convertSchemas(schemas: Record<string, z.ZodType>, io: "input" | "output"): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const converted: Record<string, JsonSchema> = z.toJSONSchema(registry, { io, uri: schemaRef }).schemas;
  if ("__shared" in converted) throw new Error("A schema is shared without a name: give it one in lib/openapi/operations.ts.");
  // Each stands inside the document, whose dialect is declared once; a fragment is no valid `$id`.
  for (const schema of Object.values(converted)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return converted;
}

/** A query schema's fields as parameters; lists are sent comma-separated (`style: form`, not exploded). */
function queryParameters(schema: z.ZodType): Parameter[] {
  const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: "input" }) as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: "query",
    required: required.includes(name),
    ...(typeof description === "string" && { description }),
    schema: property,
    ...(property.type === "array" && { style: "form" as const, explode: false }),
  }));
}

function pathParameters(path: string): Parameter[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name!,
    in: "path",
    required: true,
    description: "An id. One that is not a UUID, or that names another account's resource, is a 404 like a missing one.",
    schema: { type: "string", format: "uuid" },
  }));
}

const successHeaders = {
  api: {
    "x-request-id": ref("headers", "RequestId"),
    "x-ratelimit-limit": ref("headers", "RateLimitLimit"),
    "x-ratelimit-remaining": ref("headers", "RateLimitRemaining"),
    "x-ratelimit-reset": ref("headers", "RateLimitReset"),
    "x-ratelimit-window": ref("headers", "RateLimitWindow"),
  },
  oauth: { "x-request-id": ref("headers", "RequestId") },
  none: undefined,
};

function successResponse(spec: ResponseSpec | EventStreamSpec, authentication: OperationSpec["authentication"]["kind"]): ResponseObject {
  const headers = successHeaders[authentication];
  if ("eventSchema" in spec) {
    const content = { "text/event-stream": { schema: { type: "string" }, "x-event-data": { $ref: schemaRef(spec.eventSchema) }, example: spec.example } };
    return { description: spec.description, ...(headers && { headers }), content };
  }
  const names: ResponseSchemaName[] = spec.schema === undefined ? [] : [spec.schema].flat();
  const schema: JsonSchema =
    names.length === 0 ? { type: "object" } : names.length === 1 ? { $ref: schemaRef(names[0]!) } : { anyOf: names.map((name) => ({ $ref: schemaRef(name) })) };
  const media: MediaType = { schema, ...(spec.example !== undefined && { example: spec.example }), ...(spec.examples && { examples: spec.examples }) };
  return { description: spec.description, ...(headers && { headers }), content: { "application/json": media } };
}

/** The errors an /api/v1 endpoint can answer, from what it takes: a body, a query, ids in its path, a plan. */
function apiErrors(spec: OperationSpec, plan: boolean): Record<string, Reference> {
  const { errors = {} } = spec;
  const hasIds = spec.path.includes("{");
  return {
    ...((spec.query || spec.body || errors[400]) && { 400: ref("responses", "BadRequest", errors[400]) }),
    401: ref("responses", "Unauthorized"),
    403: ref("responses", "Forbidden", plan ? "The key or token lacks the scope, or the account is not on plan `pro`." : undefined),
    ...((hasIds || errors[404]) && { 404: ref("responses", "NotFound", errors[404]) }),
    ...(spec.body && { 413: ref("responses", "PayloadTooLarge"), 422: ref("responses", "ValidationFailed", errors[422]) }),
    429: ref("responses", "TooManyRequests"),
    503: ref("responses", "ServiceUnavailable"),
  };
}

function oauthErrorResponse(description: string, codes: string[]): ResponseObject {
  const examples = Object.fromEntries(codes.map((code) => [code, { summary: code, value: { error: code } }]));
  return { description, content: { "application/json": { schema: { $ref: schemaRef("OAuthError") }, examples } } };
}

function oauthErrors(spec: OperationSpec): Record<string, ResponseObject | Reference> {
  const { oauthErrors: codes } = spec;
  if (!codes) throw new Error(`${spec.operationId}: a device-flow endpoint lists its OAuth error codes`);
  return {
    400: oauthErrorResponse("The request is refused; `error` says why (RFC 6749 §5.2, RFC 8628 §3.5).", codes[400]),
    ...(codes[401] && { 401: oauthErrorResponse("The client or token is not known, or no longer valid.", codes[401]) }),
    413: ref("responses", "PayloadTooLarge"),
    503: ref("responses", "ServiceUnavailable"),
  };
}

function security(authentication: OperationSpec["authentication"]): SecurityRequirement[] {
  switch (authentication.kind) {
    case "api":
      return [{ basicAuth: [authentication.scope] }, { bearerAuth: [authentication.scope] }];
    case "oauth":
      return authentication.optionalBearer ? [{}, { bearerAuth: [] }] : [];
    case "none":
      return [];
  }
}

function requirementsLine(authentication: OperationSpec["authentication"]): string | undefined {
  if (authentication.kind !== "api") return undefined;
  return `**Scope:** \`${authentication.scope}\`${authentication.plan ? ` · **Plan:** \`${authentication.plan}\`` : ""}`;
}

/** Whether a body schema has required fields; without any, an empty body is a valid request. */
function requiresBody(schema: JsonSchema | undefined): boolean {
  return Array.isArray(schema?.required) && schema.required.length > 0;
}

function operation(spec: OperationSpec, schemas: Record<string, JsonSchema>): Operation {
  const { authentication } = spec;
  const parameters = [...pathParameters(spec.path), ...(spec.query ? queryParameters(spec.query) : [])];
  const description = [requirementsLine(authentication), spec.description].filter(Boolean).join("\n\n");
  const bodyMedia = spec.body && { schema: { $ref: schemaRef(spec.body.schema) }, example: spec.body.example };
  const successes = Object.fromEntries(Object.entries(spec.responses).map(([status, response]) => [status, successResponse(response, authentication.kind)]));
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    ...(description && { description }),
    security: security(authentication),
    ...(authentication.kind === "api" && { "x-scope": authentication.scope, ...(authentication.plan && { "x-plan": authentication.plan }) }),
    ...(parameters.length > 0 && { parameters }),
    ...(bodyMedia && {
      requestBody: {
        required: requiresBody(schemas[spec.body!.schema]),
        content:
          authentication.kind === "oauth"
            ? { "application/json": bodyMedia, "application/x-www-form-urlencoded": bodyMedia }
            : { "application/json": bodyMedia },
      },
    }),
    responses: {
      ...successes,
      ...(authentication.kind === "api" ? apiErrors(spec, authentication.plan !== undefined) : {}),
      ...(authentication.kind === "oauth" ? oauthErrors(spec) : {}),
    },
  };
}

/** Runs a check that must fail, and returns the body its error is sent with. */
function bodyOfFailure(check: () => unknown): unknown {
  try {
    check();
  } catch (error) {
    if (error instanceof AppError) return errorBody(error);
  }
  throw new Error("the check passed");
}

function errorExample(summary: string, error: AppError): Example {
  return { summary, value: errorBody(error) };
}

const generalError = { schema: { $ref: schemaRef("Error") } };

/** The errors shared by every /api/v1 endpoint, with the bodies the error mapper really sends. */
function errorResponses(): Record<string, ResponseObject> {
  const json = (media: MediaType) => ({ "application/json": media });
  const requestId = { "x-request-id": ref("headers", "RequestId") };
  return {
    BadRequest: {
      description: "Malformed JSON, a body that is not an object, or an invalid query parameter; the message names it.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(AppError.invalidRequest("limit must be an integer between 1 and 100")) }),
    },
    Unauthorized: {
      description: "No valid API key or OAuth access token.",
      headers: { ...requestId, "www-authenticate": ref("headers", "WwwAuthenticate") },
      content: json({
        ...generalError,
        examples: {
          missing: errorExample("No Authorization header", authenticationError(authenticationMessages.missingKey)),
          invalidKey: errorExample("An unknown or revoked key", authenticationError(authenticationMessages.invalidKey)),
          invalidToken: errorExample("An unknown, expired or revoked token", authenticationError(authenticationMessages.invalidToken)),
        },
      }),
    },
    Forbidden: {
      description: "The key or token lacks the scope the endpoint requires.",
      headers: requestId,
      content: json({
        ...generalError,
        examples: {
          scope: {
            summary: "A missing scope",
            value: bodyOfFailure(() => requireScope(["project:read", "worklog:*"], "project:write", "API key")),
          },
          plan: errorExample("An account without plan pro (recaps)", new AppError("authorization", PLAN_REQUIRED_MESSAGE)),
        },
      }),
    },
    NotFound: {
      description: "No such resource in the account. Another account's resources are indistinguishable from missing ones.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(AppError.notFound()) }),
    },
    PayloadTooLarge: {
      description: `The request body is over ${MAX_BODY_BYTES / 1024 / 1024} MiB.`,
      headers: requestId,
      content: json({ ...generalError, example: errorBody(payloadTooLarge()) }),
    },
    ValidationFailed: {
      description: "A field is invalid. Every invalid field is listed, each with a JSON Pointer into the request body.",
      headers: requestId,
      content: json({
        schema: { $ref: schemaRef("ValidationError") },
        example: bodyOfFailure(() => parseInput(projectCreateSchema, { description: "x".repeat(2001) })),
      }),
    },
    TooManyRequests: {
      description: "Over the account's rate limit (or, for failed authentications, the client address's). Retry after `retry-after` seconds.",
      headers: {
        ...requestId,
        "retry-after": ref("headers", "RetryAfter"),
        "x-ratelimit-limit": ref("headers", "RateLimitLimit"),
        "x-ratelimit-remaining": ref("headers", "RateLimitRemaining"),
        "x-ratelimit-reset": ref("headers", "RateLimitReset"),
        "x-ratelimit-window": ref("headers", "RateLimitWindow"),
      },
      content: json({
        schema: { $ref: schemaRef("RateLimitError") },
        example: errorBody(
          new AppError("rate_limited", "Rate limit exceeded: 500 requests per minute. Retry after 42 seconds.", { extra: { retry_after: 42 } }),
        ),
      }),
    },
    ServiceUnavailable: {
      description: "The database cannot be reached. Safe to retry with exponential backoff.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(new AppError("unavailable", "database unreachable")) }),
    },
  };
}

const integer = { type: "integer" };

const headers: OpenApiDocument["components"]["headers"] = {
  RequestId: { description: "Identifies the request in the server's logs.", schema: { type: "string", format: "uuid" } },
  RateLimitLimit: { description: "Requests allowed per window (500 unless the server is configured otherwise).", schema: integer },
  RateLimitRemaining: { description: "Requests left in the current window.", schema: integer },
  RateLimitReset: { description: "When the current window ends, in Unix seconds.", schema: integer },
  RateLimitWindow: { description: "The window's length in seconds.", schema: { const: 60 } },
  RetryAfter: { description: "Whole seconds until the window ends.", schema: { type: "integer", minimum: 1 } },
  WwwAuthenticate: { description: "The scheme to authenticate with.", schema: { const: 'Basic realm="api"' } },
};

const overview = `Worklog's REST API: projects, repositories and their commits, worklog entries and recaps of them. Everything under \`/api/v1\` speaks JSON with \`snake_case\` fields; ids are UUIDs and timestamps are ISO 8601 in UTC with milliseconds.

**Authentication.** Send an API key as the HTTP Basic user name with an empty password (\`curl -u wl_yourkey: …\`), or an OAuth access token from the device flow as \`Authorization: Bearer wlo_…\`. Keys are created under Settings → API keys; each carries scopes of the form \`<resource>:<permission>\` (resources \`user\`, \`project\`, \`repo\`, \`worklog\`; permissions \`read\`, \`write\`, or \`*\` for both). Every endpoint names the scope it requires.

**Pagination.** Lists are newest first. \`limit\` takes 1 to 100 (default 25); pass the previous page's \`meta.end_cursor\` as \`starting_after\` for the next page, or \`meta.start_cursor\` as \`ending_before\` for the previous one. \`meta.has_more\` says whether another page follows.

**Errors.** Errors are \`{"error": {"message", "type"}}\`, except a 422 (\`{"errors": [{"title", "detail", "source": {"pointer"}}]}\`, one per invalid field) and a 429 (\`{"error", "retry_after"}\`). A method a path does not serve is a 405 with \`Allow\`. Unknown fields in a body are ignored. Every response carries \`x-request-id\`.

**Rate limits.** 500 requests a minute per account by default, shared by all its keys and tokens, announced in the \`x-ratelimit-*\` headers of every authenticated response; over it, 429 with \`retry-after\`. Failed authentications are limited to 60 a minute per client address.`;

export function buildOpenApiDocument(origin: string): OpenApiDocument {
  const schemas = { ...convertSchemas(requestSchemas, "input"), ...convertSchemas(responseSchemas, "output") };
  const paths: Record<string, PathItem> = {};
  for (const spec of operationSpecs(origin)) (paths[spec.path] ??= {})[spec.method] = operation(spec, schemas);
  return {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: "Worklog API", version: "1", description: overview },
    servers: [{ url: origin }],
    tags: tags.map(({ name, description }) => ({ name, description })),
    paths,
    components: {
      schemas,
      responses: errorResponses(),
      headers,
      securitySchemes: {
        basicAuth: {
          type: "http",
          scheme: "basic",
          description: "An API key as the user name, with an empty password. Create keys under Settings → API keys.",
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "wlo_…",
          description: "An OAuth access token from the device flow, limited to the scopes the user approved.",
        },
      },
    },
  };
}

export type PublishedDocument = { origin: string; document: OpenApiDocument; json: string; etag: string };

/** Stands for the origin in the document built once; each origin then only costs a replacement. */
const originPlaceholder = "https://origin.invalid";
let template: string | undefined;
let published: PublishedDocument | undefined;

/**
 * The document for the origin it is served at (its `servers` and the absolute links of its
 * examples name it). Built once per process; the last origin's copy is kept.
 */
export function publishedDocument(origin: string): PublishedDocument {
  if (published?.origin !== origin) {
    template ??= JSON.stringify(buildOpenApiDocument(originPlaceholder));
    // The origin comes from request headers: escaped, it cannot break out of its JSON strings.
    const json = template.replaceAll(originPlaceholder, JSON.stringify(origin).slice(1, -1));
    published = { origin, document: JSON.parse(json), json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
  }
  return published;
}
