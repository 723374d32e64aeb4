import { apiMethods, apiRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/public-origin";
import { recapOperations } from "@/lib/recaps/operations";
import { getRecapShare, revokeRecapShare, shareRecap } from "@/lib/recaps/shares";
import { toCreatedRecapShareResponse, toRecapShareResponse } from "@/lib/recaps/share-responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(recapOperations.share, async ({ user, params, request }) => {
    const { share, token } = await shareRecap(user, params.id!);
    return toCreatedRecapShareResponse(share, token, publicOrigin(request.headers));
  }),
  apiRoute(recapOperations.getShare, async ({ user, params }) => toRecapShareResponse(await getRecapShare(user, params.id!))),
  apiRoute(recapOperations.revokeShare, async ({ user, params }) => toRecapShareResponse(await revokeRecapShare(user, params.id!))),
);
