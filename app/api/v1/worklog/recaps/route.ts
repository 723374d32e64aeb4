import { after } from "next/server";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { recapOperations } from "@/lib/recaps/operations";
import { createRecap, generateRecap } from "@/lib/recaps/recaps";
import { toCreatedRecapResponse } from "@/lib/recaps/responses";

// Generation continues after the response, within the function's time.
export const maxDuration = 300;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(recapOperations.create, async ({ request, user, query, body }) => {
    // The body wins over the query string, field by field.
    const { recap, cached } = await createRecap(user, { ...query, ...body });
    if (!cached) after(() => generateRecap(recap.id));
    return Response.json(toCreatedRecapResponse(recap, request), { status: cached ? 200 : 201 });
  }),
);
