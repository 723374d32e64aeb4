// Random arguments to every MCP tool: never an internal error, and nothing written by a refused call.
// A request that failed inside the server (a 500) also fails the run (tests/support/global-servers.ts).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRequests, sha, newKey } from "../support/accounts";
import {
  boundaryValues,
  boundedFields,
  dateBoundaries,
  hugeText,
  isTemporal,
  outsideCalendarYears,
  timestampBoundaries,
  withValueAt,
  type JsonSchema,
} from "../support/boundary-values";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { connectMcp } from "../support/mcp-client";

let server: TestServer;
let key: string;
let client: Client;
const { created, seedAccount } = accountRequests(() => server);
const ids: Record<string, string> = {};

const toolNames = [
  "log_work",
  "search_worklog",
  "suggest_entries",
  "list_projects",
  "create_project",
  "list_repositories",
  "record_commits",
  "attach_commits",
  "generate_recap",
  "get_recap",
];

/** Every argument name of the tools, and the ids of the account, so that random calls sometimes name something real. */
const argumentNames = [
  "content",
  "recorded_at",
  "duration_seconds",
  "tags",
  "project",
  "q",
  "project_id",
  "from",
  "to",
  "limit",
  "starting_after",
  "ending_before",
  "updated_since",
  "source",
  "name",
  "description",
  "identifier",
  "repository_id",
  "commits",
  "entry_id",
  "commit_ids",
  "project_ids",
  "exclude_tags",
  "recap_id",
];
const values = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc
    .constantFrom(
      () => ids.project,
      () => ids.entry,
      () => ids.commit,
      () => ids.repository,
      () => ids.recap,
    )
    .map((id) => id()),
  fc.constantFrom("2026-11-20", "2026-11-20T10:00:00Z", "WEB", "web", "", "\u0000", "\ud800", "-1", "101", sha("ef")),
);
const argumentsOf = fc.oneof(
  fc.dictionary(fc.constantFrom(...argumentNames), values, { maxKeys: 5 }),
  fc
    .record({ commits: fc.array(fc.dictionary(fc.constantFrom("sha", "message", "committed_at", "author_name"), values), { maxLength: 2 }) })
    .map((args) => ({ ...args, repository_id: ids.repository })),
);

beforeAll(async () => {
  // Thousands of requests from one account: the rate limit is not what is tested here.
  server = await sharedServer("unlimited");
  key = await newKey(server);
  await created(key, "/api/v1/projects", { name: "Web", identifier: "WEB" });
  // Its recap is complete before the calls: a recap being written would change the account meanwhile.
  Object.assign(ids, await seedAccount(key));
  client = await connectMcp(server.url, { authorization: `Bearer ${key}` }, "worklog-fuzz");
});

afterAll(async () => {
  await client?.close();
});

/** The account's change sequence, which every write moves on (docs/api.md, "Conditional reads"), as the entries list's ETag. */
async function accountTag(): Promise<string | null> {
  return (await server.request("/api/v1/worklog/entries", { key })).headers.get("etag");
}

describe("random arguments to every tool", () => {
  it.each(toolNames)("%s answers a result or a refusal in the API's words, and a refusal writes nothing", async (name) => {
    await fc.assert(
      fc.asyncProperty(argumentsOf, async (args) => {
        const before = await accountTag();
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        const text = (result.content[0] as { text: string }).text;
        expect(text, JSON.stringify(args)).not.toBe("Something went wrong. Please try again later.");
        if (result.isError) expect(await accountTag(), `${text} for ${JSON.stringify(args)}`).toBe(before);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    );
  });
});

// Arguments at the edges of every argument of every tool, from the tools' input schemas as the
// server lists them (tests/support/boundary-values.ts): each call is answered within a bound only a
// hang reaches, never with an internal error nor a date outside the calendar (a Date's
// `+010000-01-01`), and the server answers /api/live after it.

/** Only a hang exceeds it. */
const HANG_MS = 30_000;

/** A value of each required argument that its schema takes, so that a call reaches past the arguments it does not vary. */
function plainValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf ?? schema.oneOf) return plainValue((schema.anyOf ?? schema.oneOf)![0]!);
  const type = [schema.type ?? "string"].flat()[0];
  if (type === "integer" || type === "number") return schema.minimum ?? 1;
  if (type === "array") return [];
  if (type === "object") return {};
  if (type === "boolean") return false;
  return schema.format === "uuid" ? ids.entry : schema.format === "date" ? "2026-11-20" : schema.format === "date-time" ? "2026-11-20T10:00:00Z" : "edge";
}

/** The calls of one tool: each bounded argument alone at each of its values, and every date at once at each edge. */
function callsOf(schema: JsonSchema): Record<string, unknown>[] {
  const base = Object.fromEntries((schema.required ?? []).map((name) => [name, plainValue(schema.properties![name]!)]));
  const fields = boundedFields(schema);
  const calls = fields.flatMap((field) => boundaryValues(field.schema).map((value) => withValueAt(base, field.pointer, value) as Record<string, unknown>));
  const temporal = fields.filter((field) => isTemporal(field.schema));
  if (temporal.length > 1) {
    for (const edge of [...dateBoundaries, ...timestampBoundaries].filter(Boolean))
      calls.push(temporal.reduce<Record<string, unknown>>((each, field) => withValueAt(each, field.pointer, edge) as Record<string, unknown>, base));
  }
  return calls;
}

describe("arguments at the edges of every tool's arguments", () => {
  it("are each answered in time, never with an internal error nor a year past 9999, and the server stays up", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(toolNames));
    for (const tool of tools) {
      for (const args of callsOf(tool.inputSchema as JsonSchema)) {
        const label = `${tool.name} ${JSON.stringify(args).slice(0, 300)}`;
        const result = (await client.callTool({ name: tool.name, arguments: args }, undefined, { timeout: HANG_MS })) as CallToolResult;
        const { text } = result.content[0] as { text: string };
        expect(text, label).not.toBe("Something went wrong. Please try again later.");
        expect(text, label).not.toMatch(outsideCalendarYears);
        expect((await fetch(new URL("/api/live", server.url), { signal: AbortSignal.timeout(HANG_MS) })).status, `/api/live after ${label}`).toBe(200);
      }
    }
  });

  it("refuse a call of 10 MB, over the body limit of /api/mcp, and the server stays up", async () => {
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "log_work", arguments: { content: hugeText } } };
    const response = await server.request("/api/mcp", {
      key,
      method: "POST",
      body: call,
      headers: { accept: "application/json, text/event-stream" },
      signal: AbortSignal.timeout(HANG_MS),
    });
    expect(response.status).toBe(413);
    expect((await fetch(new URL("/api/live", server.url), { signal: AbortSignal.timeout(HANG_MS) })).status).toBe(200);
  });
});
