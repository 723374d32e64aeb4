// A client of a test server's MCP endpoint (docs/api.md, "MCP server"), through the SDK's transport.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

/** A client connected to `serverUrl`'s /api/mcp, sending `headers` (the authorization, a client address…) with each request. */
export async function connectMcp(serverUrl: string, headers: Record<string, string>, name = "worklog-tests"): Promise<Client> {
  const client = new Client({ name, version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${serverUrl}/api/mcp`), { requestInit: { headers } }));
  return client;
}
