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
import { AppError } from "@/lib/errors";
import { requirePlan } from "@/lib/users/plans";
import { parseArguments, toolJsonSchema, type AnyMcpTool } from "./tool";
import { mcpTools } from "./tools";

/** Who sends the HTTP request the server answers, and what its links and logs need. */
export type McpCaller = { principal: Principal; origin: string; requestId: string };

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

/** Progress notifications of the call, when its request asked for them with a `progressToken`. */
function progressOf(extra: Extra) {
  const progressToken = extra._meta?.progressToken;
  return async (progress: number, message?: string) => {
    if (progressToken === undefined) return;
    await extra.sendNotification({ method: "notifications/progress", params: { progressToken, progress, ...(message !== undefined && { message }) } });
  };
}

/**
 * The API's checks, in its order (docs/api.md, "Order of checks"): the scope, the arguments, the
 * plan; then the tool. Authentication and the rate limit came with the HTTP request.
 */
async function callTool(caller: McpCaller, tool: AnyMcpTool, args: Record<string, unknown>, extra: Extra): Promise<CallToolResult> {
  const { user } = caller.principal;
  try {
    requireCallerScope(caller.principal, tool.operation.scope);
    const input = parseArguments(tool, args);
    if (tool.operation.plan) requirePlan(user, tool.operation.plan);
    const result = await tool.run({ user, input, origin: caller.origin, progress: progressOf(extra) });
    return {
      structuredContent: result.structured as Record<string, unknown>,
      content: [{ type: "text", text: result.summary }],
      ...(result.failed && { isError: true }),
    };
  } catch (error) {
    return { content: [{ type: "text", text: refusal(error, caller.requestId) }], isError: true };
  }
}

/** A server and the caller of the request it is answering; a server answers one request at a time. */
type Slot = { server: Server; caller?: McpCaller };

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
    return callTool(slot.caller!, tool, request.params.arguments ?? {}, extra);
  });
  return slot;
}

/** Servers between requests: making one per request costs about 0.3 ms of CPU, a tenth of an MCP search's (`npm run bench`, row (g)). */
const idle: Slot[] = [];
const MAX_IDLE = 32;

/**
 * Answers one HTTP request's messages (the stateless transport's pattern: a transport per
 * request). A plain JSON answer is complete when `handleRequest` resolves, so its server is
 * closed and kept for the next request; an event stream goes on after that, so its server is
 * its own.
 */
export async function answerMcpRequest(caller: McpCaller, request: Request, message: unknown, { stream }: { stream: boolean }): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: !stream });
  const slot = (!stream && idle.pop()) || newSlot();
  slot.caller = caller;
  await slot.server.connect(transport);
  if (stream) return withoutConnectionHeader(await transport.handleRequest(request, { parsedBody: message }));
  try {
    return await transport.handleRequest(request, { parsedBody: message });
  } finally {
    await slot.server.close();
    slot.caller = undefined;
    if (idle.length < MAX_IDLE) idle.push(slot);
  }
}
