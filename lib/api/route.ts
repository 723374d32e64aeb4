import type { z } from "zod";
import { authenticate, type Principal } from "@/lib/auth/authenticate";
import { requireScope, type RequiredScope } from "@/lib/auth/scopes";
import type { User } from "@/lib/db/client";
import { isUuid } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { clientIp, limitAccount, limitFailedAuthentication } from "@/lib/rate-limit";
import { parseInput } from "@/lib/validation";
import { readJsonObject } from "./body";
import { errorResponse } from "./error-response";

type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

type Schema = z.ZodType | undefined;
type Parsed<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export type ApiRouteOptions<Body extends Schema, Query extends Schema> = {
  /** The scope the endpoint requires (SPEC.md's endpoint tables). */
  scope: RequiredScope;
  body?: Body;
  query?: Query;
  /** The status of a successful response; 201 for creates. */
  status?: 200 | 201;
};

export type ApiContext<Body extends Schema, Query extends Schema> = {
  request: Request;
  principal: Principal;
  user: User;
  params: Record<string, string>;
  body: Parsed<Body>;
  query: Parsed<Query>;
};

/** Path parameters are ids: one that is not a UUID names nothing, hence 404. */
async function idParams(context: RouteContext): Promise<Record<string, string>> {
  const params = Object.fromEntries(Object.entries((await context.params) ?? {}).map(([name, value]) => [name, String(value)]));
  if (Object.values(params).some((value) => !isUuid(value))) throw AppError.notFound();
  return params;
}

function parseQuery<Query extends Schema>(schema: Query, request: Request): Parsed<Query> {
  if (!schema) return undefined as Parsed<Query>;
  const result = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!result.success) {
    const { path, message } = result.error.issues[0]!;
    const parameter = path[0] === undefined ? "" : String(path[0]);
    throw AppError.invalidRequest(message.startsWith(parameter) ? message : `${parameter} ${message}`);
  }
  return result.data as Parsed<Query>;
}

async function parseBody<Body extends Schema>(schema: Body, request: Request): Promise<Parsed<Body>> {
  if (!schema) return undefined as Parsed<Body>;
  return parseInput(schema, await readJsonObject(request)) as Parsed<Body>;
}

/**
 * Every /api/v1 handler goes through here: authentication, the account's rate limit, scope,
 * input parsing, then the handler, whose value is sent as JSON; any error becomes the
 * contract's body. Once the caller is known, every response carries the rate-limit headers.
 */
export function apiRoute<Body extends Schema = undefined, Query extends Schema = undefined>(
  options: ApiRouteOptions<Body, Query>,
  handler: (context: ApiContext<Body, Query>) => Promise<unknown> | unknown,
): RouteHandler {
  return async (request, context) => {
    const requestId = crypto.randomUUID();
    let limitHeaders: Record<string, string> = {};
    let response: Response;
    try {
      const principal = await authenticateOrLimit(request);
      limitHeaders = await limitAccount(principal.user.id);
      requireScope(principal.scopes, options.scope, principal.kind === "api_key" ? "API key" : "OAuth token");
      const params = await idParams(context);
      const query = parseQuery(options.query as Query, request);
      const body = await parseBody(options.body as Body, request);
      const result = await handler({ request, principal, user: principal.user, params, body, query });
      response = result instanceof Response ? result : Response.json(result, { status: options.status ?? 200 });
    } catch (error) {
      response = errorResponse(error, requestId);
    }
    for (const [name, value] of Object.entries({ ...limitHeaders, "x-request-id": requestId })) response.headers.set(name, value);
    return response;
  };
}

/** Authenticates, counting failures per client IP so that keys cannot be guessed at speed. */
async function authenticateOrLimit(request: Request): Promise<Principal> {
  try {
    return await authenticate(request.headers.get("authorization"));
  } catch (error) {
    if (error instanceof AppError && error.kind === "authentication") throw await limitFailedAuthentication(clientIp(request), error);
    throw error;
  }
}

const methods = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof methods)[number];

/** All methods of a route: the ones it serves, and 405 with `Allow` for the others. */
export function apiMethods(served: Partial<Record<Method, RouteHandler>>): Record<Method, RouteHandler> {
  const allow = Object.keys(served).join(", ");
  const notAllowed: RouteHandler = async () =>
    errorResponse(new AppError("method_not_allowed", "Method not allowed", { headers: { allow } }), crypto.randomUUID());
  return Object.fromEntries(methods.map((method) => [method, served[method] ?? notAllowed])) as Record<Method, RouteHandler>;
}

/** Unknown paths under /api/v1: the contract's JSON 404 for every method. */
export function notFoundRoute(): Record<Method, RouteHandler> {
  const notFound: RouteHandler = async () => errorResponse(AppError.notFound(), crypto.randomUUID());
  return Object.fromEntries(methods.map((method) => [method, notFound])) as Record<Method, RouteHandler>;
}
