// The MCP Inspector's command line, run as README.md and /docs tell readers to run it
// (lib/mcp/client-setup.ts), against a real server: it must send the key and list the tools.
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { mcpClientGuides, MCP_KEY_VARIABLE } from "@/lib/mcp/client-setup";
import { mcpTools } from "@/lib/mcp/tools";
import { runProcess, type TestServer } from "../support/server";
import { sharedServer } from "../support/shared-server";
import { newKey } from "../support/accounts";

const root = path.resolve(import.meta.dirname, "../..");
let server: TestServer;

beforeAll(async () => {
  server = await sharedServer("standard");
});

/** Runs a shell command from the guides with the key in the environment, as a reader's shell would. */
const runGuide = (command: string, key: string) =>
  runProcess(root, "sh", ["-c", command], { ...process.env, [MCP_KEY_VARIABLE]: key, npm_config_offline: "true" });

describe("the MCP Inspector's command line", () => {
  const inspector = () => mcpClientGuides(server.url).find((guide) => guide.client.startsWith("MCP Inspector"))!.text;

  it("lists the tools with the key it sends in the Authorization header", async () => {
    const key = await newKey(server, { scopes: ["worklog:read"] });
    const { exitCode, stdout, stderr } = await runGuide(inspector(), key);
    expect(exitCode, stderr).toBe(0);
    const { tools } = JSON.parse(stdout) as { tools: { name: string }[] };
    expect(tools.map((tool) => tool.name).sort()).toEqual(mcpTools.map((tool) => tool.name).sort());
  }, 60_000);
});
