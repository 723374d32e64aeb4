import { apiMethods, apiRoute } from "@/lib/api/route";
import { workspaceOperations } from "@/lib/workspaces/operations";
import { listUserWorkspaces } from "@/lib/workspaces/user-workspaces";

export const { GET, PUT, POST, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(workspaceOperations.listUserWorkspaces, async ({ access }) => ({ workspaces: await listUserWorkspaces(access) })),
);
