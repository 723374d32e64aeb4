import { apiMethods, apiRoute } from "@/lib/api/route";
import { createHook, listHooks } from "@/lib/hooks/hooks";
import { hookOperations } from "@/lib/hooks/operations";
import { toHookResponse } from "@/lib/hooks/responses";
import { publicOrigin } from "@/lib/public-origin";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(hookOperations.list, async ({ user, request }) => {
    const origin = publicOrigin(request.headers);
    return { incoming_hooks: (await listHooks(user.id)).map((hook) => toHookResponse(hook, origin)) };
  }),
  apiRoute(hookOperations.create, async ({ user, body, request }) => {
    const hook = await createHook(user.id, body);
    return { ...toHookResponse(hook, publicOrigin(request.headers)), secret: hook.secret };
  }),
);
