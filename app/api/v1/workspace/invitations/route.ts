import { apiMethods, apiRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/public-origin";
import { createInvitation, listInvitations } from "@/lib/workspaces/invitations";
import { workspaceOperations } from "@/lib/workspaces/operations";

export const { GET, PUT, POST, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(workspaceOperations.listInvitations, async ({ access }) => ({ invitations: await listInvitations(access) })),
  apiRoute(workspaceOperations.createInvitation, ({ access, body, request }) => createInvitation(access, body, publicOrigin(request.headers))),
);
