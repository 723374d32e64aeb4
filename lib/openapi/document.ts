import { createHash } from "node:crypto";
import { z } from "zod";
import { MAX_BODY_BYTES, payloadTooLarge, unsupportedMediaType } from "@/lib/api/body";
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER, stillRunning } from "@/lib/api/idempotency-key";
import { errorBody, errorBodySchema, rateLimitErrorBodySchema, validationErrorBodySchema } from "@/lib/api/error-response";
import { isConditionalRead, requiredScopes, type ApiOperation, type DownloadResponse, type EventStreamResponse, type HttpMethod, type JsonResponse, type McpToolListing, type Operation, type Tag } from "@/lib/api/operation";
import { authenticationError, authenticationMessages } from "@/lib/auth/authorization-header";
import { requireScope } from "@/lib/auth/scopes";
import { AppError } from "@/lib/errors";
import { dataOperations } from "@/lib/data/operations";
import { mcpOperations } from "@/lib/mcp/operations";
import { oauthErrorBodySchema } from "@/lib/oauth/errors";
import { oauthOperations } from "@/lib/oauth/operations";
import { projectOperations } from "@/lib/projects/operations";
import { projectCreateSchema } from "@/lib/projects/schemas";
import { recapOperations } from "@/lib/recaps/operations";
import { repositoryOperations } from "@/lib/repositories/operations";
import { serverOperations } from "@/lib/server/operations";
import { sinceTooOld } from "@/lib/sync/schemas";
import { syncOperations } from "@/lib/sync/operations";
import { userOperations } from "@/lib/users/operations";
import { PLAN_REQUIRED_MESSAGE } from "@/lib/users/plans";
import { parseInput } from "@/lib/validation";
import { worklogOperations } from "@/lib/worklog/operations";
import { requestSchemas, responseSchemas } from "./components";
import { exampleOrigin } from "./examples";

/** Every operation the service serves, domain by domain in the order of the reference. */
export const operations: Operation[] = [
  userOperations,
  projectOperations,
  repositoryOperations,
  worklogOperations,
  recapOperations,
  syncOperations,
  dataOperations,
  mcpOperations,
  oauthOperations,
  serverOperations,
].flatMap((domain) => Object.values(domain));

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

const schemaUri = (name: string) => `#/components/schemas/${name}`;
const ref = (kind: "responses" | "headers", name: string, description?: string): Reference => ({
  $ref: `#/components/${kind}/${name}`,
  ...(description && { description }),
});

type SchemaNames = typeof requestSchemas;

/** A schema's name in `components.schemas`: every schema the document refers to has one. */
function schemaName(schema: z.ZodType, names: SchemaNames): string {
  const name = names.get(schema)?.id;
  if (name === undefined) {
    throw new Error("A schema of the API reference has no name: register it in requestSchemas or responseSchemas (lib/openapi/components.ts).");
  }
  return name;
}

const schemaRef = (schema: z.ZodType, names: SchemaNames): Reference => ({ $ref: schemaUri(schemaName(schema, names)) });

/**
 * The named schemas as JSON Schema, so that one refers to another by `$ref`. Zod converts them
 * as the code reads them: request bodies as input, responses as output.
 */
function convertSchemas(names: SchemaNames, io: "input" | "output"): Record<string, JsonSchema> {
  const converted: Record<string, JsonSchema> = z.toJSONSchema(names, { io, uri: schemaUri }).schemas;
  if ("__shared" in converted) throw new Error("A schema is shared without a name: register it in lib/openapi/components.ts.");
  // Each stands inside the document, whose dialect is declared once; a fragment is no valid `$id`.
  for (const schema of Object.values(converted)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return converted;
}

function componentSchemas(): Record<string, JsonSchema> {
  const requests = convertSchemas(requestSchemas, "input");
  const responses = convertSchemas(responseSchemas, "output");
  const twice = Object.keys(requests).filter((name) => name in responses);
  if (twice.length > 0) throw new Error(`Both a request and a response schema are named ${twice.join(", ")}.`);
  // By name: the registries fill in the order modules load, which differs between processes.
  return Object.fromEntries(Object.entries({ ...requests, ...responses }).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const ifNoneMatch: Parameter = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of an earlier answer: while nothing of the account has changed, the answer is 304 with no body.",
  schema: { type: "string" },
};

const idempotencyKey: Parameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: "header",
  required: false,
  description:
    "1–255 printable ASCII characters naming this request: a retry with the same key and body within 24 hours gets the first answer again (with `idempotent-replayed: true`) and changes nothing; the same key with another request is a 422.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7e]+$" },
};

/** The document's own revalidation (docs/api.md, "Endpoints": `GET /openapi.json`). */
const documentIfNoneMatch: Parameter = {
  ...ifNoneMatch,
  description: "The ETag of an earlier answer: while the document is the same, the answer is 304 with no body.",
};

/** A POST of /api/v1: it takes an Idempotency-Key (docs/api.md, "Idempotency-Key"). */
const takesIdempotencyKey = (declared: Operation) => declared.kind === "api" && declared.method === "post";

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
    ...([property.type].flat().includes("array") && { style: "form" as const, explode: false }),
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

/** Every authenticated response's: /api/v1's and /api/mcp's. */
const callerHeaders = {
  "x-request-id": ref("headers", "RequestId"),
  "x-ratelimit-limit": ref("headers", "RateLimitLimit"),
  "x-ratelimit-remaining": ref("headers", "RateLimitRemaining"),
  "x-ratelimit-reset": ref("headers", "RateLimitReset"),
  "x-ratelimit-window": ref("headers", "RateLimitWindow"),
  "ratelimit-policy": ref("headers", "RateLimitPolicy"),
  ratelimit: ref("headers", "RateLimit"),
};

const responseHeaders = {
  api: callerHeaders,
  mcp: callerHeaders,
  oauth: { "x-request-id": ref("headers", "RequestId") },
  service: undefined,
};

const contentDisposition = ref("headers", "ContentDisposition");

function declaredResponse(response: JsonResponse | EventStreamResponse | DownloadResponse, kind: Operation["kind"]): ResponseObject {
  const headers = responseHeaders[kind];
  if ("download" in response) {
    const content = Object.fromEntries(
      Object.entries(response.download).map(([type, media]): [string, MediaType] => [
        type,
        "schema" in media ? { schema: schemaRef(media.schema, responseSchemas) } : { schema: { type: "string" }, example: media.example },
      ]),
    );
    return { description: response.description, headers: { ...headers, "content-disposition": contentDisposition }, content };
  }
  if ("eventSchema" in response) {
    const content = {
      "text/event-stream": { schema: { type: "string" }, "x-event-data": schemaRef(response.eventSchema, responseSchemas), example: response.example },
    };
    return { description: response.description, ...(headers && { headers }), content };
  }
  const refs = (response.schema === undefined ? [] : [response.schema].flat()).map((schema) => schemaRef(schema, responseSchemas));
  const schema: JsonSchema = refs.length === 0 ? { type: "object" } : refs.length === 1 ? refs[0]! : { anyOf: refs };
  const media: MediaType = {
    schema,
    ...(response.example !== undefined && { example: response.example }),
    ...(response.examples && { examples: response.examples }),
  };
  return { description: response.description, ...(headers && { headers }), content: { "application/json": media } };
}

const mebibytes = (bytes: number) => bytes / 1024 / 1024;

/** The errors an /api/v1 endpoint can answer, from what it takes: a body, a query, ids in its path, a plan. */
function apiErrors(declared: ApiOperation): Record<string, Reference> {
  const { errors = {} } = declared;
  const hasIds = declared.path.includes("{");
  return {
    ...((declared.query || declared.body || errors[400]) && { 400: ref("responses", "BadRequest", errors[400]) }),
    401: ref("responses", "Unauthorized"),
    403: ref("responses", "Forbidden", declared.plan && `The key or token lacks the scope, or the account is not on plan \`${declared.plan}\`.`),
    ...((hasIds || errors[404]) && { 404: ref("responses", "NotFound", errors[404]) }),
    ...(errors[410] && { 410: ref("responses", "Gone", errors[410]) }),
    ...(declared.body && {
      413: ref("responses", "PayloadTooLarge", declared.maxBodyBytes ? `The request body is over ${mebibytes(declared.maxBodyBytes)} MiB.` : undefined),
      415: ref("responses", "UnsupportedMediaType"),
      422: ref("responses", "ValidationFailed", errors[422]),
    }),
    429: ref("responses", "TooManyRequests"),
    503: ref("responses", "ServiceUnavailable"),
  };
}

function oauthErrorResponse(description: string, codes: string[]): ResponseObject {
  const examples = Object.fromEntries(codes.map((code) => [code, { summary: code, value: { error: code } }]));
  return { description, content: { "application/json": { schema: schemaRef(oauthErrorBodySchema, responseSchemas), examples } } };
}

function errorResponsesOf(declared: Operation): Record<string, ResponseObject | Reference> {
  switch (declared.kind) {
    case "api":
      return apiErrors(declared);
    case "oauth": {
      const codes = declared.oauthErrors;
      return {
        400: oauthErrorResponse("The request is refused; `error` says why (RFC 6749 §5.2, RFC 8628 §3.5).", codes[400]),
        ...(codes[401] && { 401: oauthErrorResponse("The client or token is not known, or no longer valid.", codes[401]) }),
        ...(codes[429] && {
          429: oauthErrorResponse("More than 60 requests a minute from this client address to the device-flow endpoints; `retry-after` says when to try again.", codes[429]),
        }),
        413: ref("responses", "PayloadTooLarge"),
        503: ref("responses", "ServiceUnavailable"),
      };
    }
    case "mcp":
      return {
        400: ref("responses", "BadRequest", "The body is not valid UTF-8, not JSON (then a JSON-RPC parse error, -32700), or a batch, a JSON array (then a JSON-RPC invalid request, -32600)."),
        401: ref("responses", "Unauthorized"),
        413: ref("responses", "PayloadTooLarge"),
        415: ref("responses", "UnsupportedMediaType"),
        429: ref("responses", "TooManyRequests"),
        503: ref("responses", "ServiceUnavailable"),
      };
    case "service":
      return {};
  }
}

function security(declared: Operation): SecurityRequirement[] {
  switch (declared.kind) {
    case "api":
      return [{ basicAuth: [...requiredScopes(declared)] }, { bearerAuth: [...requiredScopes(declared)] }];
    case "oauth":
      return declared.optionalBearer ? [{}, { bearerAuth: [] }] : [];
    case "mcp":
      return [{ basicAuth: [] }, { bearerAuth: [] }];
    case "service":
      return [];
  }
}

function requirementsLine(declared: Operation): string | undefined {
  if (declared.kind !== "api") return undefined;
  const scopes = requiredScopes(declared);
  return `**Scope${scopes.length > 1 ? "s" : ""}:** ${scopes.map((scope) => `\`${scope}\``).join(", ")}${declared.plan ? ` · **Plan:** \`${declared.plan}\`` : ""}`;
}

/** Whether a body schema has required fields; without any, an empty body is a valid request. */
function requiresBody(schema: JsonSchema | undefined): boolean {
  return Array.isArray(schema?.required) && schema.required.length > 0;
}

function requestBody(declared: Operation, schemas: Record<string, JsonSchema>): OperationObject["requestBody"] {
  if (declared.kind === "service" || !declared.body) return undefined;
  const name = schemaName(declared.body.schema, requestSchemas);
  const media = { schema: { $ref: schemaUri(name) }, example: declared.body.example };
  return {
    required: requiresBody(schemas[name]),
    content: declared.kind === "oauth" ? { "application/json": media, "application/x-www-form-urlencoded": media } : { "application/json": media },
  };
}

function operationObject(declared: Operation, schemas: Record<string, JsonSchema>): OperationObject {
  const query = declared.kind === "api" ? declared.query : undefined;
  const parameters = [...pathParameters(declared.path), ...(query ? queryParameters(query) : [])];
  const description = [requirementsLine(declared), declared.description].filter(Boolean).join("\n\n");
  const body = requestBody(declared, schemas);
  const conditional = isConditionalRead(declared);
  const successes: Record<string, ResponseObject | Reference> = Object.fromEntries(
    Object.entries(declared.responses).map(([status, response]) => {
      const object = declaredResponse(response, declared.kind);
      if (conditional) object.headers = { ...object.headers, etag: ref("headers", "ETag"), "cache-control": ref("headers", "CacheControl") };
      return [status, object];
    }),
  );
  if (conditional) {
    parameters.push(ifNoneMatch);
    successes[304] = ref("responses", "NotModified");
  }
  if (declared.kind === "service" && declared.revalidated) {
    parameters.push(documentIfNoneMatch);
    successes[304] = { description: "Nothing has changed since the answer whose ETag `If-None-Match` names: no body." };
  }
  const idempotent = takesIdempotencyKey(declared);
  if (idempotent) {
    parameters.push(idempotencyKey);
    for (const object of Object.values(successes)) if (!("$ref" in object)) object.headers = { ...object.headers, [REPLAYED_HEADER]: ref("headers", "IdempotentReplayed") };
  }
  return {
    operationId: declared.operationId,
    tags: [declared.tag.name],
    summary: declared.summary,
    ...(description && { description }),
    security: security(declared),
    ...(declared.kind === "api" && { "x-scope": requiredScopes(declared).join(" "), ...(declared.plan && { "x-plan": declared.plan }) }),
    ...(declared.kind === "mcp" && { "x-mcp-tools": declared.tools }),
    ...(parameters.length > 0 && { parameters }),
    ...(body && { requestBody: body }),
    responses: {
      ...successes,
      ...errorResponsesOf(declared),
      ...(idempotent && { 409: ref("responses", "IdempotencyConflict") }),
      431: ref("responses", "RequestHeaderFieldsTooLarge"),
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

const generalError = { schema: schemaRef(errorBodySchema, responseSchemas) };

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
    Gone: {
      description: "What was asked for is no longer kept.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(sinceTooOld()) }),
    },
    IdempotencyConflict: {
      description: "A request with the same `Idempotency-Key` is still running. Retry once it has answered.",
      headers: requestId,
      content: json({
        ...generalError,
        example: errorBody(stillRunning()),
      }),
    },
    PayloadTooLarge: {
      description: `The request body is over ${mebibytes(MAX_BODY_BYTES)} MiB.`,
      headers: requestId,
      content: json({ ...generalError, example: errorBody(payloadTooLarge()) }),
    },
    UnsupportedMediaType: {
      description: "A request body whose `Content-Type` is not `application/json` (or another `+json` type). Answered before authentication.",
      headers: requestId,
      content: json({ ...generalError, example: errorBody(unsupportedMediaType()) }),
    },
    ValidationFailed: {
      description: "A field is invalid. Every invalid field is listed, each with a JSON Pointer into the request body.",
      headers: requestId,
      content: json({
        schema: schemaRef(validationErrorBodySchema, responseSchemas),
        example: bodyOfFailure(() => parseInput(projectCreateSchema, { description: "x".repeat(2001) })),
      }),
    },
    TooManyRequests: {
      description: "Over the account's rate limit (or, for failed authentications, the client address's). Retry after `retry-after` seconds.",
      headers: { ...callerHeaders, "retry-after": ref("headers", "RetryAfter") },
      content: json({
        schema: schemaRef(rateLimitErrorBodySchema, responseSchemas),
        example: errorBody(
          new AppError("rate_limited", "Rate limit exceeded: 500 requests per minute. Retry after 42 seconds.", { extra: { retry_after: 42 } }),
        ),
      }),
    },
    RequestHeaderFieldsTooLarge: {
      description: "Request headers over 80 KiB in all, under `npm start`: refused by the HTTP server before the API, with no body.",
    },
    NotModified: {
      description: "Nothing of the account has changed since the answer whose ETag `If-None-Match` names: no body.",
      headers: { ...requestId, etag: ref("headers", "ETag"), "cache-control": ref("headers", "CacheControl") },
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
  RateLimitWindow: { description: "The window's length in seconds (60 unless the server is configured otherwise).", schema: { type: "integer", minimum: 1 } },
  RateLimitPolicy: { description: 'The limit as IETF httpapi-ratelimit-headers say it: `"default"; q=<requests>; w=<window seconds>`.', schema: { type: "string" } },
  RateLimit: { description: 'What is left of it: `"default"; r=<requests remaining>; t=<seconds until the window ends>`.', schema: { type: "string" } },
  ETag: { description: "A weak tag of this read; send it back as `If-None-Match` to get a 304 while nothing of the account has changed.", schema: { type: "string" } },
  CacheControl: { description: "`private, no-cache`: keep the answer, and revalidate it with its ETag.", schema: { type: "string", const: "private, no-cache" } },
  RetryAfter: { description: "Whole seconds until the window ends.", schema: { type: "integer", minimum: 1 } },
  IdempotentReplayed: {
    description: "`true` on the kept answer to an earlier request with the same `Idempotency-Key`, sent again: nothing was changed this time.",
    schema: { type: "string", const: "true" },
  },
  ContentDisposition: {
    description: 'A download: `attachment; filename="…"`.',
    schema: { type: "string" },
  },
  WwwAuthenticate: { description: "The scheme to authenticate with.", schema: { type: "string", const: 'Basic realm="api"' } },
};

const overview = `Worklog's REST API: projects, repositories and their commits, worklog entries and recaps of them. Everything under \`/api/v1\` speaks JSON with \`snake_case\` fields; ids are UUIDs and timestamps are ISO 8601 in UTC with milliseconds.

**Authentication.** Send an API key as the HTTP Basic user name with an empty password (\`curl -u wl_yourkey: …\`) or as \`Authorization: Bearer wl_…\`, or an OAuth access token from the device flow as \`Authorization: Bearer wlo_…\`. Keys are created under Settings → API keys; each carries scopes of the form \`<resource>:<permission>\` (resources \`user\`, \`project\`, \`repo\`, \`worklog\`; permissions \`read\`, \`write\`, or \`*\` for both). Every endpoint names the scope it requires.

**Pagination.** Lists are newest first: entries by \`recorded_at\`, commits by \`committed_at\`, the rest by creation (then by id). \`limit\` takes 1 to 100 (default 25); pass the previous page's \`meta.end_cursor\` as \`starting_after\` for the next page, or \`meta.start_cursor\` as \`ending_before\` for the previous one; a deleted item's id still works as a cursor. \`meta.has_more\` says whether another page follows.

**Conditional reads.** Every read answers with a weak \`ETag\`; send it back as \`If-None-Match\` and, while nothing of the account has changed, the answer is 304 with no body.

**Errors.** Errors are \`{"error": {"message", "type"}}\`, except a 422 (\`{"errors": [{"title", "detail", "source": {"pointer"}}]}\`, one per invalid field) and a 429 (\`{"error", "retry_after"}\`). A method a path does not serve is a 405 with \`Allow\`. Unknown fields in a body are ignored. Every response carries \`x-request-id\`.

**AI agents.** \`POST /api/mcp\` is a Model Context Protocol server with the same credentials, scopes and rate limit (section "MCP server").

**Rate limits.** 500 requests a minute per account by default, shared by all its keys and tokens, announced in the \`x-ratelimit-*\` headers and the IETF \`RateLimit-Policy\` and \`RateLimit\` headers of every authenticated response; over it, 429 with \`retry-after\`. Failed authentications are limited to 60 a minute per client address.`;

/** The tags of the operations, in the order they first appear. */
function tagsOf(declared: Operation[]): Tag[] {
  return [...new Set(declared.map(({ tag }) => tag))].map(({ name, description }) => ({ name, description }));
}

/** The document with `exampleOrigin` where the origin it is served at goes. */
function documentTemplate(): OpenApiDocument {
  const schemas = componentSchemas();
  const paths: Record<string, PathItem> = {};
  for (const declared of operations) {
    const item = (paths[declared.path] ??= {});
    if (item[declared.method]) throw new Error(`${declared.method.toUpperCase()} ${declared.path} is declared twice.`);
    item[declared.method] = operationObject(declared, schemas);
  }
  return {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: { title: "Worklog API", version: "1", description: overview },
    servers: [{ url: exampleOrigin }],
    tags: tagsOf(operations),
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
          bearerFormat: "wlo_… or wl_…",
          description: "An OAuth access token from the device flow, limited to the scopes the user approved; or an API key.",
        },
      },
    },
  };
}

/** The template's JSON for an origin. The origin comes from request headers: escaped, it cannot break out of its JSON strings. */
function forOrigin(templateJson: string, origin: string): string {
  return templateJson.replaceAll(exampleOrigin, JSON.stringify(origin).slice(1, -1));
}

/** The document for the origin it is served at: its `servers` and the absolute links of its examples name it. */
export function buildOpenApiDocument(origin: string): OpenApiDocument {
  return JSON.parse(forOrigin(JSON.stringify(documentTemplate()), origin));
}

export type PublishedDocument = { origin: string; document: OpenApiDocument; json: string; etag: string };

let template: string | undefined;
let published: PublishedDocument | undefined;

/** The document for the origin it is served at, built once per process; the last origin's copy is kept. */
export function publishedDocument(origin: string): PublishedDocument {
  if (published?.origin !== origin) {
    template ??= JSON.stringify(documentTemplate());
    const json = forOrigin(template, origin);
    published = { origin, document: JSON.parse(json), json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
  }
  return published;
}
