import { apiMethods, apiRoute } from "@/lib/api/route";
import { deleteHook, getHookWithDeliveries } from "@/lib/hooks/hooks";
import { hookOperations } from "@/lib/hooks/operations";
import { toHookDeliveryResponse, toHookResponse } from "@/lib/hooks/responses";
import { publicOrigin } from "@/lib/public-origin";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(hookOperations.get, async ({ access, params, request }) => {
    const { deliveries, ...hook } = await getHookWithDeliveries(access, params.id!);
    return { ...toHookResponse(hook, publicOrigin(request.headers)), deliveries: deliveries.map(toHookDeliveryResponse) };
  }),
  apiRoute(hookOperations.delete, async ({ access, params, request }) => toHookResponse(await deleteHook(access, params.id!), publicOrigin(request.headers))),
);
