import { apiMethods, apiRoute } from "@/lib/api/route";
import { createHook, listHooks } from "@/lib/hooks/hooks";
import { hookOperations } from "@/lib/hooks/operations";
import { toHookResponse } from "@/lib/hooks/responses";
import { publicOrigin } from "@/lib/public-origin";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(hookOperations.list, async ({ access, request }) => {
    const origin = publicOrigin(request.headers);
    return { incoming_hooks: (await listHooks(access)).map((hook) => toHookResponse(hook, origin)) };
  }),
  apiRoute(hookOperations.create, async ({ access, body, request }) => {
    const hook = await createHook(access, body);
    return { ...toHookResponse(hook, publicOrigin(request.headers)), secret: hook.secret };
  }),
);
