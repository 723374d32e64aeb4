import { apiMethods, apiRoute } from "@/lib/api/route";
import { changeMemberRole, removeMember } from "@/lib/workspaces/members";
import { workspaceOperations } from "@/lib/workspaces/operations";

export const { GET, PUT, POST, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(workspaceOperations.updateMember, ({ access, params, body }) => changeMemberRole(access, params.user_id!, body.role)),
  apiRoute(workspaceOperations.removeMember, ({ access, params }) => removeMember(access, params.user_id!)),
);
