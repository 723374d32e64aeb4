import { apiMethods, apiRoute } from "@/lib/api/route";
import { toRecapResponse } from "@/lib/recaps/responses";
import { getRecap, requireRecapPlan } from "@/lib/recaps/recaps";

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods({
  GET: apiRoute({ scope: "worklog:read" }, async ({ user, params }) => {
    requireRecapPlan(user);
    return toRecapResponse(await getRecap(user.id, params.id!));
  }),
});
