import { apiMethods, apiRoute } from "@/lib/api/route";
import { deleteWebhook, getWebhookWithAttempts, updateWebhook } from "@/lib/webhooks/endpoints";
import { webhookOperations } from "@/lib/webhooks/operations";
import { toWebhookResponse, toWebhookWithAttemptsResponse } from "@/lib/webhooks/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiMethods(
  apiRoute(webhookOperations.get, async ({ user, params }) => toWebhookWithAttemptsResponse(await getWebhookWithAttempts(user.id, params.id!))),
  apiRoute(webhookOperations.update, async ({ user, params, body }) => toWebhookResponse(await updateWebhook(user.id, params.id!, body))),
  apiRoute(webhookOperations.delete, async ({ user, params }) => toWebhookResponse(await deleteWebhook(user.id, params.id!))),
);
