import { apiMethods, apiRoute } from "@/lib/api/route";
import { createWebhook, listWebhooks } from "@/lib/webhooks/endpoints";
import { webhookOperations } from "@/lib/webhooks/operations";
import { toWebhookResponse } from "@/lib/webhooks/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(webhookOperations.list, async ({ access }) => ({ webhooks: (await listWebhooks(access)).map(toWebhookResponse) })),
  apiRoute(webhookOperations.create, async ({ access, body }) => {
    const endpoint = await createWebhook(access, body);
    return { ...toWebhookResponse(endpoint), secret: endpoint.secret };
  }),
);
