import { isCached } from "@/lib/api/conditional";
import { apiMethods, serviceRoute } from "@/lib/api/route";
import { publishedDocument } from "@/lib/openapi/document";
import { publicOrigin } from "@/lib/public-origin";
import { serverOperations } from "@/lib/server/operations";

/** The API reference as OpenAPI 3.1: public, built once per process, revalidated by its ETag. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  serviceRoute(serverOperations.openApiDocument, async (request) => {
    const { json, etag } = publishedDocument(publicOrigin(request.headers));
    const headers = {
      etag,
      "cache-control": "public, max-age=300",
      // `servers` names the origin the request came to.
      vary: "host, x-forwarded-host, x-forwarded-proto",
      "x-request-id": crypto.randomUUID(),
    };
    if (isCached(request, etag)) return new Response(null, { status: 304, headers });
    return new Response(json, { headers: { ...headers, "content-type": "application/json" } });
  }),
);
