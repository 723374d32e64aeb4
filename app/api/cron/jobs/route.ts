import { errorResponse } from "@/lib/api/error-response";
import { apiMethods, serviceRoute } from "@/lib/api/route";
import { requireCronSecret, runDueJobs } from "@/lib/jobs/cron";
import { serverOperations } from "@/lib/server/operations";

// Jobs started within the first minute run to their end within the function's time.
export const maxDuration = 300;

/** Vercel's cron (vercel.json) runs the due jobs here: no worker runs between requests there. */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  serviceRoute(serverOperations.runDueJobs, async (request) => {
    const requestId = crypto.randomUUID();
    try {
      requireCronSecret(request);
      return Response.json(await runDueJobs(), { headers: { "x-request-id": requestId } });
    } catch (error) {
      return errorResponse(error, requestId);
    }
  }),
);
