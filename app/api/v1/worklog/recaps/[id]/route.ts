import { apiMethods, apiRoute } from "@/lib/api/route";
import { recapOperations } from "@/lib/recaps/operations";
import { getRecap } from "@/lib/recaps/recaps";
import { toRecapResponse } from "@/lib/recaps/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(recapOperations.get, async ({ access, params }) => toRecapResponse(await getRecap(access, params.id!))),
);
