import { apiMethods, apiRoute } from "@/lib/api/route";
import { sendTestEvent } from "@/lib/webhooks/endpoints";
import { webhookOperations } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(webhookOperations.test, async ({ user, params }) => ({ event_id: (await sendTestEvent(user.id, params.id!)).eventId })),
);
