import { apiMethods, apiRoute } from "@/lib/api/route";
import { recapOperations } from "@/lib/recaps/operations";
import { createRecap, startRecapGeneration } from "@/lib/recaps/recaps";
import { toCreatedRecapResponse } from "@/lib/recaps/responses";

// On Vercel the recap's first attempt runs after the response, within the function's time.
export const maxDuration = 300;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(recapOperations.create, async ({ request, access, query, body }) => {
    // The body wins over the query string, field by field.
    const { recap, cached } = await createRecap(access, { ...query, ...body });
    if (!cached) startRecapGeneration(recap.id);
    return Response.json(toCreatedRecapResponse(recap, request), { status: cached ? 200 : 201 });
  }),
);
