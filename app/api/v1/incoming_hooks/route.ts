import { apiMethods, apiRoute } from "@/lib/api/route";
import { createForgeHook, listForgeHooks } from "@/lib/forge-hooks/forge-hooks";
import { forgeHookOperations } from "@/lib/forge-hooks/operations";
import { toForgeHookResponse } from "@/lib/forge-hooks/responses";
import { publicOrigin } from "@/lib/public-origin";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(forgeHookOperations.list, async ({ access, request }) => {
    const origin = publicOrigin(request.headers);
    return { incoming_hooks: (await listForgeHooks(access)).map((hook) => toForgeHookResponse(hook, origin)) };
  }),
  apiRoute(forgeHookOperations.create, async ({ access, body, request }) => {
    const hook = await createForgeHook(access, body);
    return { ...toForgeHookResponse(hook, publicOrigin(request.headers)), secret: hook.secret };
  }),
);
