import type { z } from "zod";
import { accessFor, type Access } from "@/lib/access/context";
import { requireRole } from "@/lib/access/roles";
import { authenticate, type Principal } from "@/lib/auth/authenticate";
import { asksForSession } from "@/lib/auth/session-request";
import { requireScope, type RequiredScope } from "@/lib/auth/scopes";
import { isUuid } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { clientIp } from "@/lib/client-ip";
import { limitAccount, limitFailedAuthentication } from "@/lib/rate-limit";
import { observeRequest } from "@/lib/server/metrics";
import { logRequest } from "@/lib/server/request-log";
import { requirePlan } from "@/lib/users/plans";
import { parseInput } from "@/lib/validation";
import { jsonObjectOf, readJsonObject, requireJsonContentType } from "./body";
import { accountReadHeaders, accountReadTag, answerReadTag, isCached } from "./conditional";
import { errorResponse } from "./error-response";
import { answerOnce } from "./idempotency";
import { idempotencyKeyOf, takesIdempotencyKey } from "./idempotency-key";
import {
  isConditionalRead,
  successStatus,
  type ApiOperation,
  type BodyOf,
  type Operation,
  type QueryOf,
  type ResponseBody,
  type ServiceOperation,
} from "./operation";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

/** The handler of one operation, under the method it is declared with: `{ POST: handler }`. */
export type OperationRoute<Op extends Operation> = Record<Uppercase<Op["method"]>, RouteHandler>;

export function operationRoute<Op extends Operation>(operation: Op, handler: RouteHandler): OperationRoute<Op> {
  return { [operation.method.toUpperCase()]: handler } as OperationRoute<Op>;
}

export type ApiContext<Op extends ApiOperation> = {
  request: Request;
  principal: Principal;
  /** Who asks (lib/access/context.ts), for every domain function the handler calls. */
  access: Access;
  params: Record<string, string>;
  body: BodyOf<Op>;
  query: QueryOf<Op>;
};

/** A body of one of the operation's responses, or a `Response` of the handler's own making. */
type Answer<Op extends Operation> = ResponseBody<Op> | Response;

/** Path parameters are ids: one that is not a UUID names nothing, hence 404. */
async function idParams(context: RouteContext): Promise<Record<string, string>> {
  const params = Object.fromEntries(Object.entries((await context.params) ?? {}).map(([name, value]) => [name, String(value)]));
  if (Object.values(params).some((value) => !isUuid(value))) throw AppError.notFound();
  return params;
}

/**
 * Query parameters by a list's query schema, or the contract's 400 naming the parameter: from the
 * query string, or from an MCP tool's arguments (lib/mcp/tool.ts).
 */
export function parseQueryParameters<Schema extends z.ZodType>(schema: Schema, parameters: Record<string, unknown>): z.output<Schema> {
  const result = schema.safeParse(parameters);
  if (!result.success) {
    const { path, message } = result.error.issues[0]!;
    const parameter = path[0] === undefined ? "" : String(path[0]);
    throw AppError.invalidRequest(message.startsWith(parameter) ? message : `${parameter} ${message}`);
  }
  return result.data;
}

function parseQuery(schema: z.ZodType | undefined, request: Request): unknown {
  return schema && parseQueryParameters(schema, Object.fromEntries(new URL(request.url).searchParams));
}

/** The body, from the request or from its bytes when they were read already (to fingerprint them). */
async function parseBody(operation: ApiOperation, source: Request | Uint8Array): Promise<unknown> {
  if (!operation.body) return undefined;
  const body = source instanceof Uint8Array ? jsonObjectOf(source) : await readJsonObject(source, operation.maxBodyBytes);
  return operation.body.validatedByHandler ? body : parseInput(operation.body.schema, body);
}

/** `sessions`: the web app's session may stand for a key (lib/auth/session-principal.ts); /api/v1 takes it, the MCP server does not. */
type CallerOptions = { sessions: boolean };

/**
 * What every authenticated endpoint (/api/v1 and /api/mcp) does around its own work: the body's
 * content type, authentication, the account's rate limit; any error becomes the body of
 * docs/api.md. Once the caller is known, every response carries the rate-limit headers, and
 * every response its `x-request-id`. Each request is counted for `/api/metrics` and, with
 * LOG_FORMAT=json, logged, under its `route` pattern (`/api/v1/projects/{id}`), until its response
 * begins (a stream's or a download's until its first bytes).
 */
export async function answerCaller(
  request: Request,
  route: string,
  work: (principal: Principal, requestId: string) => Promise<Response>,
  options: CallerOptions = { sessions: false },
): Promise<Response> {
  const startedAt = performance.now();
  const requestId = crypto.randomUUID();
  let limitHeaders: Record<string, string> = {};
  let accountId: string | undefined;
  let response: Response;
  try {
    requireJsonContentType(request);
    const principal = await authenticateOrLimit(request, options);
    accountId = principal.user.id;
    limitHeaders = await limitAccount(principal.user.id);
    response = await work(principal, requestId);
  } catch (error) {
    response = errorResponse(error, requestId);
  }
  for (const [name, value] of Object.entries({ ...limitHeaders, "x-request-id": requestId })) response.headers.set(name, value);
  const durationMs = performance.now() - startedAt;
  observeRequest(request.method, route, response.status, durationMs / 1000);
  logRequest({ requestId, method: request.method, route, status: response.status, durationMs, accountId });
  return response;
}

/**
 * Every /api/v1 handler goes through here: what `answerCaller` does, then the operation's scope
 * and the caller's role in the workspace, its input, then its plan, then the handler, whose value
 * is sent as JSON with the operation's success status. A read whose `If-None-Match` names its current ETag is a 304 without running
 * the handler. A write (POST, PUT, DELETE) with an `Idempotency-Key` runs once per key, from its input on
 * (lib/api/idempotency.ts).
 */
export function apiRoute<Op extends ApiOperation>(operation: Op, handler: (context: ApiContext<Op>) => Promise<Answer<Op>> | Answer<Op>): OperationRoute<Op> {
  const status = successStatus(operation);
  const tagged = isConditionalRead(operation);
  return operationRoute(operation, (request, context) =>
    answerCaller(
      request,
      operation.path,
      async (principal, requestId) => {
        requireCallerScope(principal, operation.scope);
        requireRole(principal.membership.role, operation.role);
        const params = await idParams(context);
        const access = accessFor(principal.user, principal.membership);
        const idempotencyKey = takesIdempotencyKey(operation) ? idempotencyKeyOf(request) : undefined;
        /** From the input on: what an Idempotency-Key runs once, its errors included. */
        const answer = async (bodySource: Request | Uint8Array): Promise<Response> => {
          try {
            // The schemas are the operation's own, so what they parse to is what its handler's context says.
            const query = parseQuery(operation.query, request) as QueryOf<Op>;
            const body = (await parseBody(operation, bodySource)) as BodyOf<Op>;
            if (operation.plan) requirePlan(principal.user, operation.plan);
            let etag = tagged && !operation.readsOtherWorkspaces ? accountReadTag(principal, request) : undefined;
            if (etag && isCached(request, etag)) return new Response(null, { status: 304, headers: accountReadHeaders(etag) });
            const result = await handler({ request, principal, access, params, body, query });
            let answered: Response;
            if (result instanceof Response) answered = result;
            else if (status === undefined)
              throw new Error(`${operation.operationId} has several success statuses: its handler must choose one, answering with a Response.`);
            else if (tagged && operation.readsOtherWorkspaces) {
              const text = JSON.stringify(result);
              etag = answerReadTag(principal, request, text);
              if (isCached(request, etag)) return new Response(null, { status: 304, headers: accountReadHeaders(etag) });
              answered = new Response(text, { status, headers: { "content-type": "application/json" } });
            } else answered = Response.json(result, { status });
            if (etag && answered.status === 200) for (const [name, value] of Object.entries(accountReadHeaders(etag))) answered.headers.set(name, value);
            return answered;
          } catch (error) {
            return errorResponse(error, requestId);
          }
        };
        return idempotencyKey === undefined ? answer(request) : answerOnce(access, idempotencyKey, request, operation.maxBodyBytes, answer);
      },
      { sessions: true },
    ),
  );
}

/** The contract's 403 unless the caller's key or token grants `scope`: the operation's, or one its handler needs besides. */
export function requireCallerScope(principal: Principal, scope: RequiredScope | readonly RequiredScope[]): void {
  // A session has every scope: only a key or a token is ever refused.
  requireScope(principal.scopes, scope, principal.kind === "oauth_token" ? "OAuth token" : "API key");
}

/** The document and the probes answer as they please: the declaration gives their method. */
export function serviceRoute<Op extends ServiceOperation>(operation: Op, handler: RouteHandler): OperationRoute<Op> {
  return operationRoute(operation, handler);
}

/** Authenticates, counting failures per client IP so that keys cannot be guessed at speed. */
async function authenticateOrLimit(request: Request, { sessions }: CallerOptions): Promise<Principal> {
  try {
    // Loaded when asked for: next-auth, which reads the session, needs Next.js's server, and the
    // route declarations are also read outside it (the OpenAPI document's checks).
    if (sessions && asksForSession(request)) return await (await import("@/lib/auth/session-principal")).authenticateSession(request);
    return await authenticate(request.headers.get("authorization"));
  } catch (error) {
    if (error instanceof AppError && error.kind === "authentication") throw await limitFailedAuthentication(clientIp(request.headers), error);
    throw error;
  }
}

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof methods)[number];
type MethodHandlers = Record<Method | "OPTIONS", RouteHandler>;

/**
 * The header through which `scripts/unsupported-methods.mjs` hands on a request whose method
 * Next.js cannot carry to a route (TRACE and the like), sent on as an OPTIONS request.
 */
export const UNSUPPORTED_METHOD_HEADER = "x-worklog-unsupported-method";

const methodNotAllowed = (allow: string) =>
  errorResponse(new AppError("method_not_allowed", "Method not allowed", { headers: { allow } }), crypto.randomUUID());

/**
 * All methods of a route: the operations it serves, 405 with `Allow` for the others, and
 * OPTIONS answering `{"allow": [...]}` with the methods that answer (HEAD runs GET).
 */
export function apiMethods(...routes: Partial<Record<Method, RouteHandler>>[]): MethodHandlers {
  const served: Partial<Record<Method, RouteHandler>> = {};
  for (const route of routes) {
    for (const [method, handler] of Object.entries(route) as [Method, RouteHandler][]) {
      if (served[method]) throw new Error(`${method} is served twice`);
      served[method] = handler;
    }
  }
  const allowed = [...methods.filter((method) => served[method]).flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])), "OPTIONS"];
  const allow = allowed.join(", ");
  const notAllowed: RouteHandler = async () => methodNotAllowed(allow);
  const options: RouteHandler = async (request) => {
    if (request.headers.has(UNSUPPORTED_METHOD_HEADER)) return methodNotAllowed(allow);
    return Response.json({ allow: allowed }, { headers: { allow, "x-request-id": crypto.randomUUID() } });
  };
  return { ...(Object.fromEntries(methods.map((method) => [method, served[method] ?? notAllowed])) as Record<Method, RouteHandler>), OPTIONS: options };
}

/** Unknown paths under /api/v1: the JSON 404 of docs/api.md for every method. */
export function notFoundRoute(): MethodHandlers {
  const notFound: RouteHandler = async () => errorResponse(AppError.notFound(), crypto.randomUUID());
  return Object.fromEntries([...methods, "OPTIONS"].map((method) => [method, notFound])) as MethodHandlers;
}
