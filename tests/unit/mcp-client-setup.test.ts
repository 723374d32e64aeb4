import { describe, expect, it } from "vitest";
import { mcpClientSetup } from "@/lib/mcp/client-setup";

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
