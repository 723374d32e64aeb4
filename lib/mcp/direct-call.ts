import { safeParse } from "@modelcontextprotocol/sdk/server/zod-compat.js";
import { isJsonContentType } from "@modelcontextprotocol/sdk/shared/mediaType.js";
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ErrorCode,
  JSONRPCRequestSchema,
  McpError,
  RELATED_TASK_META_KEY,
  SUPPORTED_PROTOCOL_VERSIONS,
  type RequestId,
} from "@modelcontextprotocol/sdk/types.js";

// The answer to one `tools/call` without the SDK's transport and server, which cost more CPU than
// a search (README, "What the hot paths do, and why"): the same checks with the SDK's own schemas,
// and the same JSON-RPC answer, byte for byte (tests/db/mcp-direct-call.test.ts). Anything else
// (another method, a notification, an error of the transport or of the message, progress, tasks)
// is answered by the SDK, errors included, so that those stay its own.

/** A `tools/call` the server answers directly: the id to answer, the tool's name and its arguments. */
export type DirectCall = { id: RequestId; name: string; arguments: Record<string, unknown> };

/**
 * The call, when the request is one the SDK's stateless transport would hand its server as it is
 * (the checks of `Accept`, `Content-Type` and `MCP-Protocol-Version` of its handlePostRequest,
 * and a JSON-RPC request), and the message a valid `tools/call` without a progress token or a
 * task; otherwise undefined, and the SDK answers.
 */
export function directCallOf(request: Request, message: unknown): DirectCall | undefined {
  const accept = request.headers.get("accept");
  if (!accept?.includes("application/json") || !accept.includes("text/event-stream")) return undefined;
  if (!isJsonContentType(request.headers.get("content-type"))) return undefined;
  const version = request.headers.get("mcp-protocol-version");
  if (version !== null && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) return undefined;
  const jsonRpc = JSONRPCRequestSchema.safeParse(message);
  if (!jsonRpc.success) return undefined;
  const call = CallToolRequestSchema.safeParse(jsonRpc.data);
  if (!call.success) return undefined;
  const { params } = call.data;
  if (params.task !== undefined || params._meta?.progressToken !== undefined || params._meta?.[RELATED_TASK_META_KEY] !== undefined) return undefined;
  return { id: jsonRpc.data.id, name: params.name, arguments: params.arguments ?? {} };
}

/** A JSON-RPC answer as the SDK's transport sends one in JSON mode. */
const jsonRpcAnswer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

/** The SDK's answer to a request whose handler threw `error`. */
export function errorAnswer(id: RequestId, error: Error & { code?: unknown; data?: unknown }): Response {
  const code = Number.isSafeInteger(error.code) ? (error.code as number) : ErrorCode.InternalError;
  return jsonRpcAnswer({
    jsonrpc: "2.0",
    id,
    error: { code, message: error.message ?? "Internal error", ...(error.data !== undefined && { data: error.data }) },
  });
}

/** The SDK's answer to a `tools/call` whose handler returned `result`: the result as CallToolResultSchema reads it, or the SDK's error when it does not. */
export function resultAnswer(id: RequestId, result: unknown): Response {
  const checked = safeParse(CallToolResultSchema, result);
  if (!checked.success) {
    const message = checked.error instanceof Error ? checked.error.message : String(checked.error);
    return errorAnswer(id, new McpError(ErrorCode.InvalidParams, `Invalid tools/call result: ${message}`));
  }
  return jsonRpcAnswer({ result: checked.data, jsonrpc: "2.0", id });
}
