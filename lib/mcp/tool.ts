import { z } from "zod";
import { requiredScopes, type ApiOperation } from "@/lib/api/operation";
import { parseQueryParameters } from "@/lib/api/route";
import type { RequiredScope } from "@/lib/auth/scopes";
import type { Access } from "@/lib/access/context";
import { parseInput } from "@/lib/validation";

/** What a tool's handler gets: the caller's account, its parsed arguments, where links point, a way to report progress, and the end of its request. */
export type ToolCall<Input> = {
  /** Who asks (lib/access/context.ts), for every domain function the tool calls. */
  access: Access;
  input: Input;
  /** The public origin (lib/public-origin.ts), for absolute links to the web app. */
  origin: string;
  /** Sends `notifications/progress` when the client asked for it (a `progressToken`); otherwise does nothing. */
  progress: (progress: number, message?: string) => Promise<void>;
  /** Aborts when the client leaves or the request's time limit passes: the work it drives stops. */
  signal: AbortSignal;
};

/** The API's response body, as the tool's `structuredContent`, and a short text for the agent, with links. */
export type ToolResult<Output> = { structured: Output; summary: string; failed?: boolean };

/**
 * An MCP tool, declared once (lib/mcp/tools.ts): lib/mcp/server.ts lists and calls it, and the API
 * reference lists it (lib/mcp/operations.ts). It does what one /api/v1 operation does, and requires
 * that operation's scope and plan. Its arguments are the operation's body, or its query
 * parameters (`arguments: "query"`), checked by the same schema, so a refusal says what the API says.
 */
export type McpTool<Input extends z.ZodType, Output extends z.ZodType> = {
  name: string;
  title: string;
  /** For the agent: when to use it and what it returns. */
  description: string;
  operation: ApiOperation;
  arguments: "body" | "query";
  input: Input;
  output: Output;
  run: (call: ToolCall<z.output<Input>>) => Promise<ToolResult<z.output<Output>>>;
};

export type AnyMcpTool = Omit<McpTool<z.ZodType, z.ZodType>, "run"> & { run: (call: ToolCall<unknown>) => Promise<ToolResult<unknown>> };

/** Checks a declaration's types, then keeps it among tools of every shape. */
export function defineTool<Input extends z.ZodType, Output extends z.ZodType>(tool: McpTool<Input, Output>): AnyMcpTool {
  return tool as unknown as AnyMcpTool;
}

export const toolScopes = (tool: AnyMcpTool): readonly RequiredScope[] => requiredScopes(tool.operation);

/**
 * Query parameters arrive as JSON: a number or boolean is taken as the query string would spell
 * it (`limit: 10` as `limit=10`), so the query schema judges them as it judges the API's.
 */
function asQueryParameters(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([name, value]) => [name, typeof value === "number" || typeof value === "boolean" ? String(value) : value]),
  );
}

/** A tool's arguments by its schema: the API's 422 for a body, its 400 for query parameters. */
export function parseArguments(tool: AnyMcpTool, args: Record<string, unknown>): unknown {
  return tool.arguments === "query" ? parseQueryParameters(tool.input, asQueryParameters(args)) : parseInput(tool.input, args);
}

/** The JSON Schema of a tool's arguments or result, in draft 7, which the SDK's client validates results with. */
export function toolJsonSchema(schema: z.ZodType, io: "input" | "output") {
  return z.toJSONSchema(schema, { io, target: "draft-7" }) as { type: "object"; [keyword: string]: unknown };
}
