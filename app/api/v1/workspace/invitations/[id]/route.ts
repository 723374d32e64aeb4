import { apiMethods, apiRoute } from "@/lib/api/route";
import { revokeInvitation } from "@/lib/workspaces/invitations";
import { workspaceOperations } from "@/lib/workspaces/operations";

export const { GET, PUT, POST, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(workspaceOperations.revokeInvitation, ({ access, params }) => revokeInvitation(access, params.id!)),
);
