import { apiMethods, operationRoute } from "@/lib/api/route";
import { hookOperations } from "@/lib/hooks/operations";
import { receiveDelivery } from "@/lib/hooks/receiver";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  operationRoute(hookOperations.receive, async (request, context) => receiveDelivery(request, String((await context.params).id))),
);
