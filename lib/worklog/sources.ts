import { z } from "zod";
import type { Principal } from "@/lib/auth/authenticate";

/**
 * Who wrote an entry, set by the server from how the request came (docs/api.md, "Sources"): the
 * web app, an API key, an OAuth token (the CLI's device flow), or the MCP server.
 */
export const entrySourceSchema = z.enum(["web", "api", "cli", "mcp"]).meta({
  description:
    "Who wrote the entry, set by the server: `web` (the web app), `api` (an API key), `cli` (an OAuth token, as the CLI signs in), `mcp` (an AI agent through the MCP server).",
});
export type EntrySource = z.output<typeof entrySourceSchema>;

/** The source of an entry written through /api/v1: an API key's, or an OAuth token's, which is how the CLI signs in (the device flow). */
export function apiEntrySource(principal: Principal): EntrySource {
  return principal.kind === "api_key" ? "api" : "cli";
}

/** How the web app names each source, in the order its filter offers them. */
export const entrySourceLabels: Record<EntrySource, string> = { web: "Web app", api: "API", cli: "CLI", mcp: "AI agent" };

export const entrySources = Object.keys(entrySourceLabels) as EntrySource[];
