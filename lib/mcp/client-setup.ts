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

/** The variable the guides read the key from, so that no key is written into a file. */
export const MCP_KEY_VARIABLE = "WORKLOG_API_KEY";

/**
 * The Inspector's command line that sends headers on Node 20, from any directory (README.md,
 * "Use Worklog from an AI agent", says why not a later one).
 */
export const MCP_INSPECTOR_PACKAGE = "@modelcontextprotocol/inspector-cli@0.16.8";

export type McpClientGuide = {
  client: string;
  /** Where it goes, in markdown. */
  where: string;
  language: "sh" | "json";
  text: string;
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * How each MCP client connects to the server at `origin` with an API key in the `Authorization`
 * header, in the shape its own documentation gives; the key comes from $WORKLOG_API_KEY (or, in
 * VS Code, a prompt). README.md and /docs show the same.
 */
export function mcpClientGuides(origin: string): McpClientGuide[] {
  const url = mcpEndpoint(origin);
  return [
    {
      client: "MCP Inspector (command line)",
      where: "A terminal: lists the tools the key can see.",
      language: "sh",
      text: `npx -y ${MCP_INSPECTOR_PACKAGE} --cli ${url} --transport http --header "Authorization: Bearer $${MCP_KEY_VARIABLE}" --method tools/list`,
    },
    {
      client: "Claude Code",
      where: "`.mcp.json` at the project's root; Claude Code expands `${VARIABLE}` from the environment.",
      language: "json",
      text: json({ mcpServers: { worklog: { type: "http", url, headers: { Authorization: `Bearer \${${MCP_KEY_VARIABLE}}` } } } }),
    },
    {
      client: "VS Code",
      where: "`.vscode/mcp.json`, or the user profile's `mcp.json`; VS Code asks for the key once and keeps it.",
      language: "json",
      text: json({
        servers: { worklog: { type: "http", url, headers: { Authorization: "Bearer ${input:worklog-api-key}" } } },
        inputs: [{ type: "promptString", id: "worklog-api-key", description: "Worklog API key", password: true }],
      }),
    },
    {
      client: "Cursor",
      where: "`~/.cursor/mcp.json`, or `.cursor/mcp.json` in a project; `${env:VARIABLE}` reads the environment.",
      language: "json",
      text: json({ mcpServers: { worklog: { url, headers: { Authorization: `Bearer \${env:${MCP_KEY_VARIABLE}}` } } } }),
    },
    {
      client: "Windsurf",
      where: "`~/.codeium/windsurf/mcp_config.json`; a remote server is a `serverUrl`, and `${env:VARIABLE}` reads the environment.",
      language: "json",
      text: json({ mcpServers: { worklog: { serverUrl: url, headers: { Authorization: `Bearer \${env:${MCP_KEY_VARIABLE}}` } } } }),
    },
  ];
}
