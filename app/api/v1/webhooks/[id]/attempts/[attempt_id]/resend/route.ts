import { apiMethods, apiRoute } from "@/lib/api/route";
import { resendAttempt } from "@/lib/webhooks/endpoints";
import { webhookOperations } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(webhookOperations.resend, async ({ user, params }) => ({ event_id: (await resendAttempt(user.id, params.id!, params.attempt_id!)).eventId })),
);
