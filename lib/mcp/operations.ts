import { z } from "zod";
import type { Operation } from "@/lib/api/operation";
import { requestSchemas, responseSchemas } from "@/lib/openapi/components";
import { exampleOrigin } from "@/lib/openapi/examples";
import { entryListExample } from "@/lib/worklog/examples";
import { toolScopes } from "./tool";
import { mcpTools } from "./tools";

const tag = {
  name: "MCP server",
  description:
    "Worklog as a Model Context Protocol server, for AI agents: the tools below log work, search the worklog, suggest entries from the commits not logged yet, list and create projects, record and attach commits, and generate and read recaps.",
};

const jsonRpcId = z.union([z.string(), z.number().int()]);

/** A JSON-RPC 2.0 message to the server: a request (with `id`) or a notification. */
const mcpMessageSchema = z
  .object({ jsonrpc: z.literal("2.0"), id: jsonRpcId.optional(), method: z.string(), params: z.looseObject({}).optional() })
  .register(requestSchemas, { id: "McpMessage" });

/** The JSON-RPC 2.0 answer to a request: its `result`, or an `error` of the protocol (a refused tool call is a result, `isError: true`). */
const mcpAnswerSchema = z
  .object({
    jsonrpc: z.literal("2.0"),
    id: jsonRpcId.nullable(),
    result: z.looseObject({}).optional(),
    error: z.object({ code: z.number().int(), message: z.string() }).optional(),
  })
  .register(responseSchemas, { id: "McpAnswer" });

const toolTable = [
  "| tool | what it does | scope | plan |",
  "|---|---|---|---|",
  ...mcpTools.map(
    (tool) =>
      `| \`${tool.name}\` | ${tool.title} | ${toolScopes(tool)
        .map((scope) => `\`${scope}\``)
        .join(", ")} | ${tool.operation.plan ?? ""} |`,
  ),
].join("\n");

export const mcpOperations = {
  endpoint: {
    kind: "mcp",
    operationId: "mcp",
    method: "post",
    path: "/api/mcp",
    tag,
    summary: "Send an MCP message",
    description: `The Streamable HTTP transport of the Model Context Protocol, stateless: every POST carries one JSON-RPC message and needs no session (\`initialize\` first is what clients do, but each call stands alone). A batch (a JSON array, which protocol 2025-06-18 removed) is refused whole with 400 and the JSON-RPC error -32600, none of its messages run. Send \`Accept: application/json, text/event-stream\`. The answer is JSON, or, when a \`tools/call\` asks for progress (\`params._meta.progressToken\`), an event stream of \`notifications/progress\` and then the result. A message that needs no answer (a notification) gets 202 with no body. GET and DELETE are 405.

A call runs for at most \`MCP_REQUEST_TIMEOUT_MS\` (120 s by default): past it, it is answered with the JSON-RPC error -32001 and its work stops. Closing the request cancels the call, and its work stops too; a \`notifications/cancelled\` in another POST cancels nothing (the server keeps no state between requests).

Authentication and the rate limit are the API's: an API key as Basic or as \`Authorization: Bearer wl_…\`, or an OAuth access token; every POST counts as one request. A tool needs the scope (and plan) of the endpoint that does the same; a call the API would refuse (scope, plan, an invalid argument, another account's id) is a tool result with \`isError: true\` whose text is the API's error message, and writes nothing.

${toolTable}`,
    body: {
      schema: mcpMessageSchema,
      example: { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "search_worklog", arguments: { q: "pricing", limit: 1 } } },
    },
    responses: {
      200: {
        description: "The JSON-RPC answer (`application/json`), or an event stream whose `message` events carry progress notifications and then the answer.",
        schema: mcpAnswerSchema,
        example: {
          jsonrpc: "2.0",
          id: 1,
          result: {
            structuredContent: entryListExample,
            content: [{ type: "text", text: `1 entry matches; 1 here. In Worklog: ${exampleOrigin}/?q=pricing` }],
          },
        },
      },
    },
    tools: mcpTools.map((tool) => ({ name: tool.name, title: tool.title, description: tool.description, scopes: toolScopes(tool), plan: tool.operation.plan })),
  },
} satisfies Record<string, Operation>;
