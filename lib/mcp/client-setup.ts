/** The MCP endpoint of a Worklog at `origin` (README.md, "Use Worklog from an AI agent"). */
const mcpEndpoint = (origin: string) => `${origin}/api/mcp`;

/**
 * Ready-to-paste configuration of MCP clients for a key: the Claude Code command, and the
 * `mcpServers` JSON that editors (Cursor, Windsurf, Claude Desktop's remote servers…) read.
 */
export function mcpClientSetup(origin: string, key: string) {
  const url = mcpEndpoint(origin);
  const authorization = `Bearer ${key}`;
  return {
    claudeCode: `claude mcp add --transport http worklog ${url} --header "Authorization: ${authorization}"`,
    editorJson: JSON.stringify({ mcpServers: { worklog: { type: "http", url, headers: { Authorization: authorization } } } }, null, 2),
  };
}
