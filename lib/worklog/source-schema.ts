import { z } from "zod";
import { entrySources } from "./sources";

export const entrySourceSchema = z.enum(entrySources).meta({
  description:
    "Who wrote the entry, set by the server: `web` (the web app), `api` (an API key), `cli` (an OAuth token, as the CLI signs in), `mcp` (an AI agent through the MCP server).",
});
