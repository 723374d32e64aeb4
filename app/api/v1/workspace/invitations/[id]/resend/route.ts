import { apiMethods, apiRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/public-origin";
import { resendInvitation } from "@/lib/workspaces/invitations";
import { workspaceOperations } from "@/lib/workspaces/operations";

export const { GET, PUT, POST, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(workspaceOperations.resendInvitation, ({ access, params, request }) => resendInvitation(access, params.id!, publicOrigin(request.headers))),
);
