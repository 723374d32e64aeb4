import { apiMethods, apiRoute } from "@/lib/api/route";
import { publicOrigin } from "@/lib/public-origin";
import { recapOperations } from "@/lib/recaps/operations";
import { getRecapShare, revokeRecapShare, shareRecap } from "@/lib/recaps/shares";
import { toCreatedRecapShareResponse, toRecapShareResponse } from "@/lib/recaps/share-responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(recapOperations.share, async ({ access, params, request }) => {
    const { share, token } = await shareRecap(access, params.id!);
    return toCreatedRecapShareResponse(share, token, publicOrigin(request.headers));
  }),
  apiRoute(recapOperations.getShare, async ({ access, params }) => toRecapShareResponse(await getRecapShare(access, params.id!))),
  apiRoute(recapOperations.revokeShare, async ({ access, params }) => toRecapShareResponse(await revokeRecapShare(access, params.id!))),
);
