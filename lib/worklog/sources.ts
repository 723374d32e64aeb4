import type { Principal } from "@/lib/auth/authenticate";

/**
 * Who wrote an entry, set by the server from how the request came (docs/api.md, "Sources"): the
 * web app, an API key, an OAuth token (the CLI's device flow), or the MCP server. In the order the
 * web app's filter offers them; their schema is lib/worklog/source-schema.ts.
 */
export const entrySources = ["web", "api", "cli", "mcp"] as const;
export type EntrySource = (typeof entrySources)[number];

/**
 * The source of an entry written through /api/v1: an API key's, an OAuth token's, which is how
 * the CLI signs in (the device flow), or the web app's session (its offline outbox).
 */
export function apiEntrySource(principal: Principal): EntrySource {
  return ({ api_key: "api", oauth_token: "cli", session: "web" } as const)[principal.kind];
}

/** How the web app names each source. */
export const entrySourceLabels: Record<EntrySource, string> = { web: "Web app", api: "API", cli: "CLI", mcp: "AI agent" };
