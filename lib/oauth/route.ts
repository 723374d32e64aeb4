import type { z } from "zod";
import { readFormOrJsonObject } from "@/lib/api/body";
import { errorResponse } from "@/lib/api/error-response";
import { successStatus, type OAuthOperation, type ResponseBody } from "@/lib/api/operation";
import { operationRoute, type OperationRoute } from "@/lib/api/route";
import { clientIp } from "@/lib/client-ip";
import { AppError } from "@/lib/errors";
import { limitOAuthRequest } from "@/lib/rate-limit";
import { OAuthError, type OAuthErrorBody } from "./errors";

/** Token responses must not be cached (RFC 6749 §5.1). */
const noStore = { "cache-control": "no-store", pragma: "no-cache" };

async function readFields<Schema extends z.ZodType>(schema: Schema, request: Request): Promise<z.output<Schema>> {
  let body: Record<string, unknown>;
  try {
    body = await readFormOrJsonObject(request);
  } catch (error) {
    if (error instanceof AppError && error.kind === "invalid_request") throw new OAuthError("invalid_request");
    throw error;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new OAuthError("invalid_request");
  return parsed.data;
}

/**
 * An endpoint of the device flow at the origin root (docs/api.md): a JSON or form-encoded body
 * read with the operation's schema, and RFC 6749's `{"error": code}` bodies instead of /api/v1's.
 */
export function oauthRoute<Op extends OAuthOperation>(
  operation: Op,
  handler: (fields: z.output<Op["body"]["schema"]>, request: Request) => Promise<ResponseBody<Op>>,
): OperationRoute<Op> {
  const status = successStatus(operation);
  return operationRoute(operation, async (request) => {
    const requestId = crypto.randomUUID();
    let response: Response;
    try {
      if (operation.oauthErrors[429]) {
        const refused = await limitOAuthRequest(clientIp(request.headers));
        if (refused) throw new OAuthError("rate_limited", 429, { "retry-after": String(refused.retryAfter) });
      }
      const fields = await readFields<Op["body"]["schema"]>(operation.body.schema, request);
      response = Response.json(await handler(fields, request), { status, headers: noStore });
    } catch (error) {
      response =
        error instanceof OAuthError
          ? Response.json({ error: error.code } satisfies OAuthErrorBody, { status: error.status, headers: { ...noStore, ...error.headers } })
          : errorResponse(error, requestId);
    }
    response.headers.set("x-request-id", requestId);
    return response;
  });
}
