// Random arguments to every MCP tool: never an internal error, and nothing written by a refused call.
// A request that failed inside the server (a 500) also fails the run (tests/support/global-servers.ts).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountRequests, allScopes, sha } from "../support/accounts";
import type { TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";

let server: TestServer;
let key: string;
let client: Client;
const { created, seedAccount } = accountRequests(() => server);
const ids: Record<string, string> = {};

const toolNames = ["log_work", "search_worklog", "suggest_entries", "list_projects", "create_project", "list_repositories", "record_commits", "attach_commits", "generate_recap", "get_recap"];

/** Every argument name of the tools, and the ids of the account, so that random calls sometimes name something real. */
const argumentNames = [
  "content", "recorded_at", "duration_seconds", "tags", "project", "q", "project_id", "from", "to", "limit", "starting_after",
  "ending_before", "updated_since", "source", "name", "description", "identifier", "repository_id", "commits", "entry_id",
  "commit_ids", "project_ids", "exclude_tags", "recap_id",
];
const values = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(() => ids.project, () => ids.entry, () => ids.commit, () => ids.repository, () => ids.recap).map((id) => id()),
  fc.constantFrom("2026-11-20", "2026-11-20T10:00:00Z", "WEB", "web", "", "\u0000", "\ud800", "-1", "101", sha("ef")),
);
const argumentsOf = fc.oneof(
  fc.dictionary(fc.constantFrom(...argumentNames), values, { maxKeys: 5 }),
  fc.record({ commits: fc.array(fc.dictionary(fc.constantFrom("sha", "message", "committed_at", "author_name"), values), { maxLength: 2 }) }).map((args) => ({ ...args, repository_id: ids.repository })),
);

beforeAll(async () => {
  // Thousands of requests from one account: the rate limit is not what is tested here.
  server = await sharedServer("unlimited");
  const { email } = await server.createUser();
  key = await server.createKey(email, allScopes);
  await created(key, "/api/v1/projects", { name: "Web", identifier: "WEB" });
  // Its recap is complete before the calls: a recap being written would change the account meanwhile.
  Object.assign(ids, await seedAccount(key));
  client = new Client({ name: "worklog-fuzz", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), { requestInit: { headers: { authorization: `Bearer ${key}` } } }));
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
