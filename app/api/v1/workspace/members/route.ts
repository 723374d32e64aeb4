import { apiMethods, apiRoute } from "@/lib/api/route";
import { listMembers } from "@/lib/workspaces/members";
import { workspaceOperations } from "@/lib/workspaces/operations";

export const { GET, PUT, POST, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(workspaceOperations.listMembers, async ({ access }) => ({ members: await listMembers(access) })),
);
