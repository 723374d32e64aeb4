import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mcpClientGuides, mcpClientSetup } from "@/lib/mcp/client-setup";

describe("the setup of MCP clients shown with a new key", () => {
  const key = "wl_0123456789abcdefghijklmnopqrstuv";
  const setup = mcpClientSetup("https://worklog.example.com", key);

  it("is Claude Code's command for the server over HTTP, with the key as a Bearer header", () => {
    expect(setup.claudeCode).toBe(`claude mcp add --transport http worklog https://worklog.example.com/api/mcp --header "Authorization: Bearer ${key}"`);
  });

  it("is the mcpServers JSON editors read, naming the same endpoint and header", () => {
    expect(JSON.parse(setup.editorJson)).toEqual({
      mcpServers: { worklog: { type: "http", url: "https://worklog.example.com/api/mcp", headers: { Authorization: `Bearer ${key}` } } },
    });
  });
});

describe("the guides of MCP clients in README.md and /docs", () => {
  const origin = "https://your-worklog.example.com";
  const guides = mcpClientGuides(origin);
  const keyReferences = ["$WORKLOG_API_KEY", "${WORKLOG_API_KEY}", "${env:WORKLOG_API_KEY}", "${input:worklog-api-key}"];

  it("each name the endpoint and send the key from the environment (or VS Code's prompt) as a Bearer header", () => {
    expect(guides.map((guide) => guide.client)).toEqual(["MCP Inspector (command line)", "Claude Code", "VS Code", "Cursor", "Windsurf"]);
    for (const guide of guides) {
      expect(guide.text, guide.client).toContain(`${origin}/api/mcp`);
      expect(
        keyReferences.some(
          (reference) => guide.text.includes(`"Authorization: Bearer ${reference}"`) || guide.text.includes(`"Authorization": "Bearer ${reference}"`),
        ),
        guide.client,
      ).toBe(true);
      if (guide.language === "json") expect(() => JSON.parse(guide.text), guide.client).not.toThrow();
    }
  });

  it("are in README.md as lib/mcp/client-setup.ts writes them", () => {
    const readme = readFileSync(path.resolve(import.meta.dirname, "../../README.md"), "utf8");
    for (const guide of guides)
      expect(readme, guide.client).toContain(`- **${guide.client}**: ${guide.where}\n\n\`\`\`${guide.language}\n${guide.text}\n\`\`\`\n`);
  });
});
