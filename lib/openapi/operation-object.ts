// One operation of the document: its parameters, request body, responses (with the errors it
// can answer) and security, from its declaration (lib/api/operation.ts).
import { z } from "zod";
import { REPLAYED_HEADER, takesIdempotencyKey } from "@/lib/api/idempotency-key";
import {
  isConditionalRead,
  requiredScopes,
  type ApiOperation,
  type DownloadResponse,
  type EventStreamResponse,
  type HeaderParameter,
  type JsonResponse,
  type Operation,
  type TextResponse,
} from "@/lib/api/operation";
import { oauthErrorBodySchema } from "@/lib/oauth/errors";
import { requestSchemas, responseSchemas } from "./components";

import { documentIfNoneMatch, idempotencyKey, ifMatch, ifNoneMatch } from "./header-parameters";
import { callerHeaders, ref, schemaName, schemaRef, schemaUri } from "./references";
import { mebibytes } from "./shared-components";
import type { JsonSchema, MediaType, OperationObject, Parameter, Reference, ResponseObject, SecurityRequirement } from "./types";

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

const headerParameter = ({ name, description }: HeaderParameter): Parameter => ({
  name,
  in: "header",
  required: false,
  description,
  schema: { type: "string" },
});

function pathParameters(path: string): Parameter[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name: name!,
    in: "path",
    required: true,
    description: "An id. One that is not a UUID, or that names another account's resource, is a 404 like a missing one.",
    schema: { type: "string", format: "uuid" },
  }));
}

const responseHeaders = {
  api: callerHeaders,
  mcp: callerHeaders,
  oauth: { "x-request-id": ref("headers", "RequestId") },
  hook: { "x-request-id": ref("headers", "RequestId") },
  service: undefined,
};

const contentDisposition = ref("headers", "ContentDisposition");

function declaredResponse(response: JsonResponse | EventStreamResponse | DownloadResponse | TextResponse, kind: Operation["kind"]): ResponseObject {
  const headers = responseHeaders[kind];
  if ("text" in response) {
    return {
      description: response.description,
      ...(headers && { headers }),
      content: { [response.text.mediaType]: { schema: { type: "string" }, example: response.text.example } },
    };
  }
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

/** The errors an /api/v1 endpoint can answer, from what it takes: a body, a query, ids in its path, a plan. */
function apiErrors(declared: ApiOperation): Record<string, Reference> {
  const { errors = {} } = declared;
  const hasIds = declared.path.includes("{");
  return {
    ...((declared.query || declared.body || errors[400]) && { 400: ref("responses", "BadRequest", errors[400]) }),
    401: ref("responses", "Unauthorized"),
    403: ref(
      "responses",
      "Forbidden",
      declared.plan
        ? `The key or token lacks the scope, the caller's role is below ${declared.role}, or the account is not on plan \`${declared.plan}\`.`
        : declared.role !== "viewer"
          ? `The key or token lacks the scope, or the caller's role in the workspace is below ${declared.role}.`
          : undefined,
    ),
    ...((hasIds || errors[404]) && { 404: ref("responses", "NotFound", errors[404]) }),
    ...(errors[409] && { 409: ref("responses", "Conflict", errors[409]) }),
    ...(errors[410] && { 410: ref("responses", "Gone", errors[410]) }),
    ...(declared.versioned && { 412: ref("responses", "PreconditionFailed") }),
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
          429: oauthErrorResponse(
            "More than 60 requests a minute from this client address to the device-flow endpoints; `retry-after` says when to try again.",
            codes[429],
          ),
        }),
        413: ref("responses", "PayloadTooLarge"),
        503: ref("responses", "ServiceUnavailable"),
      };
    }
    case "mcp":
      return {
        400: ref(
          "responses",
          "BadRequest",
          "The body is not valid UTF-8, not JSON (then a JSON-RPC parse error, -32700), or a batch, a JSON array (then a JSON-RPC invalid request, -32600).",
        ),
        401: ref("responses", "Unauthorized"),
        413: ref("responses", "PayloadTooLarge"),
        415: ref("responses", "UnsupportedMediaType"),
        429: ref("responses", "TooManyRequests"),
        503: ref("responses", "ServiceUnavailable"),
      };
    case "hook":
      return {
        400: ref(
          "responses",
          "BadRequest",
          "The body is not valid UTF-8 or not a JSON object, the event header is missing, or a payload of an event that records something lacks a field it needs; the message names it, and the delivery's log keeps it.",
        ),
        404: ref("responses", "NotFound", "No incoming hook has this id (it may have been deleted)."),
        413: ref("responses", "PayloadTooLarge", `The request body is over ${mebibytes(declared.maxBodyBytes)} MiB.`),
        415: ref("responses", "UnsupportedMediaType"),
        429: ref(
          "responses",
          "TooManyRequests",
          `More than ${declared.deliveriesPerMinute} deliveries a minute to this hook; \`retry-after\` says when to try again.`,
        ),
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
    case "hook":
    case "service":
      return [];
  }
}

function requirementsLine(declared: Operation): string | undefined {
  if (declared.kind !== "api") return undefined;
  const scopes = requiredScopes(declared);
  const scopeLine = `**Scope${scopes.length > 1 ? "s" : ""}:** ${scopes.map((scope) => `\`${scope}\``).join(", ")}${declared.plan ? ` · **Plan:** \`${declared.plan}\`` : ""}`;
  return `${scopeLine}\n\nRequires the ${declared.role} role or higher.`;
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

export function operationObject(declared: Operation, schemas: Record<string, JsonSchema>): OperationObject {
  const query = declared.kind === "api" || declared.kind === "service" ? declared.query : undefined;
  const headers = declared.kind === "hook" ? declared.headers.map(headerParameter) : [];
  const parameters = [...pathParameters(declared.path), ...headers, ...(query ? queryParameters(query) : [])];
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
  if (declared.kind === "api" && declared.versioned) parameters.push(ifMatch);
  const idempotent = takesIdempotencyKey(declared);
  if (idempotent) {
    parameters.push(idempotencyKey);
    for (const object of Object.values(successes))
      if (!("$ref" in object)) object.headers = { ...object.headers, [REPLAYED_HEADER]: ref("headers", "IdempotentReplayed") };
  }
  return {
    operationId: declared.operationId,
    tags: [declared.tag.name],
    summary: declared.summary,
    ...(description && { description }),
    security: security(declared),
    ...(declared.kind === "api" && {
      "x-scope": requiredScopes(declared).join(" "),
      "x-required-role": declared.role,
      ...(declared.plan && { "x-plan": declared.plan }),
    }),
    ...(declared.kind === "mcp" && { "x-mcp-tools": declared.tools }),
    ...(parameters.length > 0 && { parameters }),
    ...(body && { requestBody: body }),
    responses: {
      ...successes,
      ...errorResponsesOf(declared),
      // An endpoint's own 409 (a state it refuses) is documented as such; either comes in the general body.
      ...(idempotent && !(declared.kind === "api" && declared.errors?.[409]) && { 409: ref("responses", "IdempotencyConflict") }),
      431: ref("responses", "RequestHeaderFieldsTooLarge"),
    },
  };
}
