import { after } from "next/server";
import { apiMethods, apiRoute } from "@/lib/api/route";
import { toCreatedRecapResponse } from "@/lib/recaps/responses";
import { createRecap, generateRecap } from "@/lib/recaps/recaps";
import { recapFiltersSchema } from "@/lib/recaps/schemas";

// Generation continues after the response, within the function's time.
export const maxDuration = 300;

export const { GET, POST, PUT, PATCH, DELETE } = apiMethods({
  POST: apiRoute({ scope: "worklog:write", query: recapFiltersSchema, body: recapFiltersSchema }, async ({ request, user, query, body }) => {
    // The body wins over the query string, field by field.
    const { recap, cached } = await createRecap(user, { ...query, ...body });
    if (!cached) after(() => generateRecap(recap.id));
    return Response.json(toCreatedRecapResponse(recap, request), { status: cached ? 200 : 201 });
  }),
});
