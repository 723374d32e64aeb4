import { apiMethods, operationRoute } from "@/lib/api/route";
import { forgeHookOperations } from "@/lib/forge-hooks/operations";
import { receiveForgeDelivery } from "@/lib/forge-hooks/receiver";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  operationRoute(forgeHookOperations.receive, async (request, context) => receiveForgeDelivery(request, String((await context.params).id))),
);
