import { apiMethods, apiRoute } from "@/lib/api/route";
import { deleteWebhook, getWebhookWithAttempts, updateWebhook } from "@/lib/webhooks/endpoints";
import { webhookOperations } from "@/lib/webhooks/operations";
import { toWebhookResponse, toWebhookWithAttemptsResponse } from "@/lib/webhooks/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(webhookOperations.get, async ({ access, params }) => toWebhookWithAttemptsResponse(await getWebhookWithAttempts(access, params.id!))),
  apiRoute(webhookOperations.update, async ({ access, params, body }) => toWebhookResponse(await updateWebhook(access, params.id!, body))),
  apiRoute(webhookOperations.delete, async ({ access, params }) => toWebhookResponse(await deleteWebhook(access, params.id!))),
);
