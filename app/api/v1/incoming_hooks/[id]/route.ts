import { apiMethods, apiRoute } from "@/lib/api/route";
import { deleteForgeHook, getForgeHookWithDeliveries } from "@/lib/forge-hooks/forge-hooks";
import { forgeHookOperations } from "@/lib/forge-hooks/operations";
import { toForgeDeliveryResponse, toForgeHookResponse } from "@/lib/forge-hooks/responses";
import { publicOrigin } from "@/lib/public-origin";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(forgeHookOperations.get, async ({ access, params, request }) => {
    const { deliveries, ...hook } = await getForgeHookWithDeliveries(access, params.id!);
    return { ...toForgeHookResponse(hook, publicOrigin(request.headers)), deliveries: deliveries.map(toForgeDeliveryResponse) };
  }),
  apiRoute(forgeHookOperations.delete, async ({ access, params, request }) =>
    toForgeHookResponse(await deleteForgeHook(access, params.id!), publicOrigin(request.headers)),
  ),
);
