import { apiMethods, apiRoute } from "@/lib/api/route";
import { receiveImport } from "@/lib/data/import";
import { dataOperations } from "@/lib/data/operations";
import { apiEntrySource } from "@/lib/worklog/sources";

/** The body's size as sent, when the request says it. */
function declaredBytes(request: Request): number | undefined {
  const length = Number(request.headers.get("content-length"));
  return Number.isSafeInteger(length) && length > 0 ? length : undefined;
}

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(dataOperations.import, async ({ request, principal, access, query, body }) => {
    const answer = await receiveImport(access, query.format, body, apiEntrySource(principal), declaredBytes(request));
    if ("summary" in answer) return Response.json(answer.summary);
    return Response.json(answer.accepted, { status: 202, headers: { location: `/api/v1/import/${answer.accepted.id}` } });
  }),
);
