import { apiMethods, apiRoute } from "@/lib/api/route";
import { sendTestEvent } from "@/lib/webhooks/endpoints";
import { webhookOperations } from "@/lib/webhooks/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(webhookOperations.test, async ({ access, params }) => ({ event_id: (await sendTestEvent(access, params.id!)).eventId })),
);
