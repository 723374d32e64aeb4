import { apiMethods, apiRoute } from "@/lib/api/route";
import { workspaceOperations } from "@/lib/workspaces/operations";
import { getWorkspace, updateWorkspace } from "@/lib/workspaces/workspace-settings";

export const { GET, PUT, POST, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(workspaceOperations.get, ({ access }) => getWorkspace(access)),
  apiRoute(workspaceOperations.update, ({ access, body }) => updateWorkspace(access, body)),
);
