import { errorResponse } from "@/lib/api/error-response";
import { apiMethods, serviceRoute } from "@/lib/api/route";
import { getConfig } from "@/lib/config";
import { isBearerOf } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { metricsText } from "@/lib/server/metrics";
import { serverOperations } from "@/lib/server/operations";

/** Prometheus's scrape: only where METRICS_TOKEN is set, and only with it (README "Operations"). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  serviceRoute(serverOperations.metrics, async (request) => {
    const requestId = crypto.randomUUID();
    try {
      const token = getConfig().metricsToken;
      if (token === undefined) throw AppError.notFound();
      if (!isBearerOf(request.headers.get("authorization"), token)) throw new AppError("authentication", "Authentication required");
      const { contentType, text } = await metricsText();
      return new Response(text, { headers: { "content-type": contentType, "cache-control": "no-store", "x-request-id": requestId } });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  }),
);
