import { apiMethods, apiRoute } from "@/lib/api/route";
import { deleteHook, getHookWithDeliveries } from "@/lib/hooks/hooks";
import { hookOperations } from "@/lib/hooks/operations";
import { toHookDeliveryResponse, toHookResponse } from "@/lib/hooks/responses";
import { publicOrigin } from "@/lib/public-origin";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(hookOperations.get, async ({ user, params, request }) => {
    const { deliveries, ...hook } = await getHookWithDeliveries(user.id, params.id!);
    return { ...toHookResponse(hook, publicOrigin(request.headers)), deliveries: deliveries.map(toHookDeliveryResponse) };
  }),
  apiRoute(hookOperations.delete, async ({ user, params, request }) => toHookResponse(await deleteHook(user.id, params.id!), publicOrigin(request.headers))),
);
