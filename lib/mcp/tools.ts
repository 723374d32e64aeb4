import type { AnyMcpTool } from "./tool";
import { logWorkTool, searchWorklogTool, suggestEntriesTool, attachCommitsTool, bulkUpdateEntriesTool, startTimerTool, stopTimerTool } from "./worklog-tools";
import { listProjectsTool, createProjectTool, listRepositoriesTool, recordCommitsTool } from "./catalog-tools";
import { generateRecapTool, getRecapTool } from "./recap-tools";
import { listMembersTool } from "./workspace-tools";

/** Every tool of /api/mcp, each the counterpart of one /api/v1 operation, in the order tools/list gives them. */
export const mcpTools: AnyMcpTool[] = [
  logWorkTool,
  searchWorklogTool,
  suggestEntriesTool,
  listProjectsTool,
  createProjectTool,
  listRepositoriesTool,
  recordCommitsTool,
  attachCommitsTool,
  bulkUpdateEntriesTool,
  generateRecapTool,
  getRecapTool,
  startTimerTool,
  stopTimerTool,
  listMembersTool,
];
