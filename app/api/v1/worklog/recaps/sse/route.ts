import { apiMethods, apiRoute } from "@/lib/api/route";
import { apiStreamCredential } from "@/lib/auth/stream-credentials";
import { recapStreamResponse } from "@/lib/recaps/events";
import { recapOperations } from "@/lib/recaps/operations";

// The same as SSE_MAX_DURATION_SECONDS in lib/api/sse.ts: Next reads this export literally.
export const maxDuration = 300;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(recapOperations.streamEvents, ({ request, principal, access, query }) =>
    recapStreamResponse(request, access, query.recap_id, apiStreamCredential(request, principal)),
  ),
);
