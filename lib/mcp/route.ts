import { readBodyText } from "@/lib/api/body";
import { answerCaller } from "@/lib/api/route";
import { publicOrigin } from "@/lib/public-origin";
import { answerMcpRequest } from "./server";

/** The transport's own answer to a body that is not JSON. */
const parseError = () => Response.json({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error: Invalid JSON" }, id: null }, { status: 400 });

/**
 * A batch (a JSON array) is refused whole, as protocol 2025-06-18 removed them: its messages would
 * count as one request against the rate limit, and could cancel each other or share an id.
 */
const batchRefusal = () =>
  Response.json(
    {
      jsonrpc: "2.0",
      error: { code: -32600, message: "Invalid Request: JSON-RPC batches are not supported (MCP 2025-06-18 removed them); send one message per request" },
      id: null,
    },
    { status: 400 },
  );

function parseMessage(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Whether a message asks for progress notifications, which only an event stream can carry. */
function asksForProgress(message: unknown): boolean {
  const meta = (message as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta;
  return meta?.progressToken !== undefined;
}

/**
 * POST /api/mcp: authenticated and counted like any /api/v1 request (lib/api/route.ts), the body
 * read within the API's limits (1 MiB, valid UTF-8), one JSON-RPC message (not a batch), then
 * answered by a server and a stateless transport (lib/mcp/server.ts). The answer is plain JSON, which costs least, unless the request asks for
 * progress: then an event stream carries the notifications before it.
 */
export function mcpRoute(request: Request): Promise<Response> {
  return answerCaller(request, "/api/mcp", async (principal, requestId) => {
    const message = parseMessage(await readBodyText(request));
    if (message === undefined) return parseError();
    if (Array.isArray(message)) return batchRefusal();
    return answerMcpRequest({ principal, origin: publicOrigin(request.headers), requestId }, request, message, { stream: asksForProgress(message) });
  });
}
