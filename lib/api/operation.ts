import type { z } from "zod";
import type { WorkspaceRole } from "@/lib/access/roles";
import type { RequiredScope } from "@/lib/auth/scopes";
import type { OAuthErrorCode } from "@/lib/oauth/errors";

/**
 * An endpoint, declared once next to its domain (`lib/<domain>/operations.ts`): its route file
 * hands it to a wrapper of lib/api/route.ts or lib/oauth/route.ts, which enforces what it says
 * (method, scope, plan, body, query, success status), and lib/openapi/document.ts documents it.
 */
export type Operation = ApiOperation | OAuthOperation | McpOperation | ServiceOperation | HookOperation;

export const httpMethods = ["get", "post", "put", "delete"] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** A group of operations in the API reference. */
export type Tag = { name: string; description: string };

export type JsonResponse = {
  description: string;
  /** The body's schema, or several of which the body is one; none for any JSON object. */
  schema?: z.ZodType | z.ZodType[];
  example?: unknown;
  examples?: Record<string, { summary: string; value: unknown }>;
};

/** A text response of one media type (Prometheus's metrics). */
export type TextResponse = { description: string; text: { mediaType: string; example: string } };

/** A `text/event-stream` response: each event's `data:` line is a JSON document of `eventSchema`. */
export type EventStreamResponse = { description: string; eventSchema: z.ZodType; example: string };

/**
 * A file to download (`content-disposition: attachment`), streamed, in one of several media
 * types by the request: each with its schema (JSON) or an example (text).
 */
export type DownloadResponse = { description: string; download: Record<string, { schema: z.ZodType } | { example: string }> };

type RequestBody = {
  schema: z.ZodType;
  example: unknown;
  /**
   * The handler validates the body itself (a JSON object, typed as such), because its shape
   * depends on the query; `schema` then only documents it.
   */
  validatedByHandler?: true;
};

type Declaration = {
  operationId: string;
  method: HttpMethod;
  /** With `{name}` for path parameters, which are ids (UUIDs). */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  /** By status. A handler's value is sent with the one 2xx status; with several, it answers with a `Response`. */
  responses: { [status: number]: JsonResponse | EventStreamResponse | DownloadResponse | TextResponse };
};

/** An /api/v1 endpoint: an API key or OAuth access token with `scope`; `plan` when the account needs one. */
export type ApiOperation = Declaration & {
  kind: "api";
  /** Several when the endpoint writes to several resources: the credential needs every one. */
  scope: RequiredScope | readonly RequiredScope[];
  /**
   * The least role in the credential's workspace that may call it (viewer < member < admin <
   * owner); a lower one is the contract's 403 before the input is read. `/user` operations
   * concern the user, not the workspace: viewer.
   */
  role: WorkspaceRole;
  plan?: "pro";
  query?: z.ZodType;
  body?: RequestBody;
  /** The largest body it reads; MAX_BODY_BYTES (1 MiB) unless it says more. Larger is a 413. */
  maxBodyBytes?: number;
  /**
   * A read whose answer depends on workspaces besides the credential's, whose writes do not move
   * its change sequence: its ETag is a digest of the answer, so the handler runs every time and a
   * 304 saves only the transfer (lib/api/conditional.ts).
   */
  readsOtherWorkspaces?: true;
  /**
   * A write of one resource that takes `If-Match` with the resource's `updated_at` as read, and
   * answers 412 when it has changed since (docs/api.md, "Conditional writes").
   */
  versioned?: true;
  /**
   * What the endpoint's errors mean here, where it says more than the general case. Which of
   * them it can answer follows from the rest of the declaration.
   */
  errors?: { 400?: string; 403?: string; 404?: string; 409?: string; 410?: string; 422?: string };
};

/** A device-flow endpoint at the origin's root: the body's fields identify the client or token. */
export type OAuthOperation = Declaration & {
  kind: "oauth";
  body: RequestBody;
  /** A Bearer token may stand in for the body's. */
  optionalBearer?: boolean;
  /** The RFC 6749/8628 error codes it answers, by status; a 429 means it is limited per client address. */
  oauthErrors: { 400: OAuthErrorCode[]; 401?: OAuthErrorCode[]; 429?: ["rate_limited"] };
};

/** A tool of the MCP endpoint as the API reference lists it: what it needs is its /api/v1 operation's. */
export type McpToolListing = { name: string; title: string; description: string; scopes: readonly RequiredScope[]; plan?: "pro" };

/**
 * The MCP endpoint (/api/mcp): JSON-RPC messages, authenticated and rate-limited like /api/v1;
 * each of its tools requires the scopes and plan of its own (lib/mcp/tools.ts).
 */
export type McpOperation = Declaration & { kind: "mcp"; body: RequestBody; tools: McpToolListing[] };

/**
 * This document and the probes of the running service: no authentication. `revalidated`: it
 * answers with an ETag, and with 304 to an `If-None-Match` that names it.
 */
export type ServiceOperation = Declaration & { kind: "service"; revalidated?: true; query?: z.ZodType };

/** A request header an operation reads, for the API reference. */
export type HeaderParameter = { name: string; description: string };

/**
 * A forge's delivery to an incoming hook (`/api/hooks/{id}`): no credential, the hook's secret
 * proves the sender (lib/forge-hooks/receiver.ts); the forge's own headers name the event.
 */
export type HookOperation = Declaration & { kind: "hook"; body: RequestBody; headers: HeaderParameter[]; maxBodyBytes: number; deliveriesPerMinute: number };

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;

/** What the handler of an operation gets as its body: the parsed body, or nothing without one. */
export type BodyOf<Op extends Operation> = Op extends { body: { validatedByHandler: true } }
  ? Record<string, unknown>
  : Op extends { body: { schema: infer Schema } }
    ? Parsed<Schema>
    : undefined;

export type QueryOf<Op extends Operation> = Op extends { query: infer Schema } ? Parsed<Schema> : undefined;

/** What the handler of an operation may answer with: a body of one of its JSON responses' schemas. */
export type ResponseBody<Op extends Operation> = {
  [Status in keyof Op["responses"]]: Op["responses"][Status] extends { schema: infer Schema }
    ? Schema extends readonly (infer Each)[]
      ? Parsed<Each>
      : Parsed<Schema>
    : never;
}[keyof Op["responses"]];

/** The scopes an /api/v1 operation requires, in the order it names them. */
export function requiredScopes(operation: ApiOperation): readonly RequiredScope[] {
  return typeof operation.scope === "string" ? [operation.scope] : operation.scope;
}

/**
 * Whether reads of the operation carry an ETag and honour `If-None-Match`: every GET but an
 * event stream or a download, which is a fresh snapshot stamped with its time (docs/api.md,
 * "Conditional reads").
 */
export function isConditionalRead(operation: Operation): boolean {
  return (
    operation.kind === "api" &&
    operation.method === "get" &&
    !Object.values(operation.responses).some((response) => "eventSchema" in response || "download" in response)
  );
}

/** The status a handler's value is sent with: the operation's one success status, if it has only one. */
export function successStatus(operation: Operation): number | undefined {
  const statuses = Object.keys(operation.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300);
  return statuses.length === 1 ? statuses[0] : undefined;
}
