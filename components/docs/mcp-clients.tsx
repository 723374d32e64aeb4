import { CodeBlock } from "@/components/docs/code-block";
import { Markdown } from "@/components/markdown";
import { mcpClientGuides, MCP_INSPECTOR_PACKAGE, MCP_KEY_VARIABLE } from "@/lib/mcp/client-setup";

/** How MCP clients other than the SDK connect to this server, with its address filled in (README.md shows the same). */
export function McpClients({ origin }: { origin: string }) {
  return (
    <section className="space-y-4" aria-labelledby="mcp-clients-title">
      <h3 id="mcp-clients-title" className="text-lg font-semibold">
        Connect an MCP client
      </h3>
      <Markdown>
        {`Create a key under Settings → API keys with the scopes the client should have, and set \`${MCP_KEY_VARIABLE}\` to it where the client runs. The Inspector's command line is \`${MCP_INSPECTOR_PACKAGE}\`: it runs on Node 20 and sends the header from any directory (the Inspector 2 needs Node 22.19; 1.0.x of this package stops with \`ERR_MODULE_NOT_FOUND\` unless the directory above holds a \`package.json\`). Claude Desktop takes remote servers only as connectors (Settings → Connectors), which sign in with OAuth or none, not with a key in a header.`}
      </Markdown>
      {mcpClientGuides(origin).map((guide) => (
        <div key={guide.client} className="space-y-1">
          <h4 className="text-sm font-semibold">{guide.client}</h4>
          <Markdown>{guide.where}</Markdown>
          <CodeBlock label={guide.client}>{guide.text}</CodeBlock>
        </div>
      ))}
    </section>
  );
}
