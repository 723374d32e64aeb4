import { apiMethods, apiRoute } from "@/lib/api/route";
import { createWebhook, listWebhooks } from "@/lib/webhooks/endpoints";
import { webhookOperations } from "@/lib/webhooks/operations";
import { toWebhookResponse } from "@/lib/webhooks/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(webhookOperations.list, async ({ user }) => ({ webhooks: (await listWebhooks(user.id)).map(toWebhookResponse) })),
  apiRoute(webhookOperations.create, async ({ user, body }) => {
    const endpoint = await createWebhook(user.id, body);
    return { ...toWebhookResponse(endpoint), secret: endpoint.secret };
  }),
);
