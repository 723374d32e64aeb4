import { apiMethods, apiRoute } from "@/lib/api/route";
import { resendAttempt } from "@/lib/webhooks/endpoints";
import { webhookOperations } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(webhookOperations.resend, async ({ access, params }) => ({ event_id: (await resendAttempt(access, params.id!, params.attempt_id!)).eventId })),
);
