import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type ServerNotification,
  type ServerRequest,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { INTERNAL_ERROR_MESSAGE, logUnexpectedError } from "@/lib/api/error-response";
import { requireCallerScope } from "@/lib/api/route";
import { withoutConnectionHeader } from "@/lib/api/sse";
import type { Principal } from "@/lib/auth/authenticate";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { requirePlan } from "@/lib/users/plans";
import { directCallOf, errorAnswer, resultAnswer, type DirectCall } from "./direct-call";
import { accessFor } from "@/lib/access/context";
import { requireRole } from "@/lib/access/roles";
import { parseArguments, toolJsonSchema, type AnyMcpTool, type ToolCall } from "./tool";
import { mcpTools } from "./tools";

/** Who sends the HTTP request the server answers, and what its links and logs need. */
export type McpCaller = { principal: Principal; origin: string; requestId: string };

/** One HTTP request to the server: its caller, and signals of its end (the client leaving, or its time limit). */
type McpRequest = {
  caller: McpCaller;
  ended: AbortSignal;
  timedOut: AbortSignal;
  timeLimitMs: number;
  /** Stops its clock, once it has been answered. */
  release: () => void;
};

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

const toolsByName = new Map(mcpTools.map((tool) => [tool.name, tool]));

let listing: Tool[] | undefined;

/** The tools as `tools/list` answers them, converted from their schemas once per process. */
function toolListing(): Tool[] {
  listing ??= mcpTools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: toolJsonSchema(tool.input, "input"),
    outputSchema: toolJsonSchema(tool.output, "output"),
    annotations: { title: tool.title, readOnlyHint: tool.operation.method === "get", openWorldHint: false },
  }));
  return listing;
}

/** A refused call's text: the API's error message; an unexpected error is logged and not described. */
function refusal(error: unknown, requestId: string): string {
  if (error instanceof AppError && error.kind !== "unavailable") return error.message;
  logUnexpectedError(error, requestId);
  return INTERNAL_ERROR_MESSAGE;
}

/** Progress notifications of the call, when its request asked for them with a `progressToken`; none once its work has ended. */
function progressOf(extra: Extra, signal: AbortSignal) {
  const progressToken = extra._meta?.progressToken;
  return async (progress: number, message?: string) => {
    if (progressToken === undefined || signal.aborted) return;
    await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress, ...(message !== undefined && { message }) } });
  };
}

/**
 * `work`'s outcome, or, as soon as the signal aborts, `onAbort`'s (by default the signal's reason,
 * thrown), whether or not the work has noticed. The listener goes when the work ends: a signal
 * that outlives the request (the request's own, kept by the framework) holds nothing of it.
 */
function untilAborted<T>(
  work: Promise<T>,
  signal: AbortSignal,
  onAbort: () => T = () => {
    throw signal.reason;
  },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => {
      try {
        resolve(onAbort());
      } catch (error) {
        reject(error);
      }
    };
    if (signal.aborted) return stop();
    signal.addEventListener("abort", stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", stop));
  });
}

/**
 * The JSON-RPC error of a call stopped by its request's end. The SDK answers a thrown error's
 * `code` and `message` (an McpError's message would carry a prefix); when the client left, the
 * server is closed and nothing is sent.
 */
function stoppedError(request: McpRequest): Error {
  const timedOut = request.timedOut.aborted;
  const message = timedOut
    ? `The request ran past its time limit of ${request.timeLimitMs / 1000} s and was stopped`
    : "The client left before the call was answered";
  return Object.assign(new Error(message), { code: timedOut ? ErrorCode.RequestTimeout : ErrorCode.ConnectionClosed });
}

/** What a call's tool gets from its request besides its arguments: the signal that stops it, and its progress notifications. */
type CallContext = Pick<ToolCall<unknown>, "signal" | "progress">;

/**
 * The API's checks, in its order (docs/api.md, "Order of checks"): the scope, the role, the
 * arguments, the plan; then the tool, until the request ends (its client left, or its time limit passed).
 * Authentication and the rate limit came with the HTTP request.
 */
async function callTool(request: McpRequest, tool: AnyMcpTool, args: Record<string, unknown>, { signal, progress }: CallContext): Promise<CallToolResult> {
  const { caller } = request;
  const { user } = caller.principal;
  try {
    requireCallerScope(caller.principal, tool.operation.scope);
    requireRole(caller.principal.membership.role, tool.operation.role);
    const input = parseArguments(tool, args);
    if (tool.operation.plan) requirePlan(user, tool.operation.plan);
    // A client gone already gets no work done for it.
    signal.throwIfAborted();
    const result = await untilAborted(
      tool.run({ access: accessFor(user, caller.principal.membership), input, origin: caller.origin, progress, signal }),
      signal,
    );
    return {
      structuredContent: result.structured as Record<string, unknown>,
      content: [{ type: "text", text: result.summary }],
      ...(result.failed && { isError: true }),
    };
  } catch (error) {
    if (signal.aborted) throw stoppedError(request);
    return { content: [{ type: "text", text: refusal(error, caller.requestId) }], isError: true };
  }
}

/** A server and the request it is answering; a server answers one request at a time. */
type Slot = { server: Server; request?: McpRequest };

function newSlot(): Slot {
  const server = new Server(
    { name: "worklog", title: "Worklog", version: "1" },
    {
      capabilities: { tools: {} },
      instructions:
        "Worklog keeps a log of work done: markdown entries with tags and a project, commits of repositories attached to them, and recaps written from them. Log work as it is finished with log_work; find earlier work with search_worklog.",
    },
  );
  const slot: Slot = { server };
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolListing() }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) => {
    const tool = toolsByName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const signal = AbortSignal.any([extra.signal, slot.request!.ended]);
    return callTool(slot.request!, tool, request.params.arguments ?? {}, { signal, progress: progressOf(extra, signal) });
  });
  return slot;
}

/** Servers between requests: making one per request costs about 0.3 ms of CPU, a tenth of an MCP search's (`npm run bench`, row (g)). */
const idle: Slot[] = [];
const MAX_IDLE = 32;

/** Resolves when the signal aborts. */
const whenAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve(), { once: true })));

/**
 * One HTTP request to the server, from its arrival: its time limit starts. Not AbortSignal.timeout,
 * which Node keeps, with what it reaches, until it fires: a time limit after an answer long sent,
 * and tens of kilobytes a request held meanwhile (`npm run bench:memory`).
 */
function mcpRequest(caller: McpCaller, request: Request): McpRequest {
  const timeLimitMs = getConfig().mcpRequestTimeoutMs;
  const clock = new AbortController();
  const timer = setTimeout(() => clock.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")), timeLimitMs);
  return { caller, timedOut: clock.signal, timeLimitMs, ended: AbortSignal.any([request.signal, clock.signal]), release: () => clearTimeout(timer) };
}

/**
 * Answers one HTTP request's message: a single `tools/call` of a known tool without a progress
 * token directly (lib/mcp/direct-call.ts), anything else through the SDK (`answerThroughSdk`).
 */
export function answerMcpRequest(caller: McpCaller, request: Request, message: unknown, { stream }: { stream: boolean }): Promise<Response> {
  const call = stream ? undefined : directCallOf(request, message);
  const tool = call && toolsByName.get(call.name);
  if (call && tool) return answerDirectly(mcpRequest(caller, request), request, tool, call);
  return answerThroughSdk(caller, request, message, { stream });
}

/**
 * The SDK's answer to a direct call, without its transport and server: the result, the
 * JSON-RPC error of a call that passed its time limit, or, as through the SDK, a 499 nobody
 * reads once the client has left.
 */
async function answerDirectly(mcp: McpRequest, request: Request, tool: AnyMcpTool, call: DirectCall): Promise<Response> {
  const answer = callTool(mcp, tool, call.arguments, { signal: mcp.ended, progress: async () => {} }).then(
    (result) => resultAnswer(call.id, result),
    (error: Error) => errorAnswer(call.id, error),
  );
  try {
    const answered = await untilAborted(answer, request.signal, () => new Response(null, { status: 499 }));
    return request.signal.aborted ? new Response(null, { status: 499 }) : answered;
  } finally {
    mcp.release();
  }
}

/**
 * Answers one HTTP request's message through the SDK (the stateless transport's pattern: a
 * transport per request). A plain JSON answer is complete when `handleRequest` resolves, or the
 * client has left: either way its server is closed, which aborts what is still running, and kept
 * for the next request. An event stream goes on after that, so its server is its own, closed if
 * the client leaves. A call that passes the time limit is answered with a JSON-RPC error
 * (`callTool`), which ends its stream.
 */
export async function answerThroughSdk(caller: McpCaller, request: Request, message: unknown, { stream }: { stream: boolean }): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !stream });
  const slot = (!stream && idle.pop()) || newSlot();
  const mcp = (slot.request = mcpRequest(caller, request));
  if (stream) {
    await slot.server.connect(transport);
    void whenAborted(request.signal).then(() => {
      mcp.release();
      return slot.server.close();
    });
    return withoutConnectionHeader(await transport.handleRequest(request, { parsedBody: message }));
  }
  try {
    await slot.server.connect(transport);
    // No one reads the answer to a client that left.
    return await untilAborted(transport.handleRequest(request, { parsedBody: message }), request.signal, () => new Response(null, { status: 499 }));
  } finally {
    mcp.release();
    await slot.server.close();
    slot.request = undefined;
    if (idle.length < MAX_IDLE) idle.push(slot);
  }
}
