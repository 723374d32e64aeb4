"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { formText, type ActionResult } from "@/lib/server-actions/action-result";
import { integrationsRole } from "@/lib/access/roles";
import { runSignedInAction, runSignedInRemoval } from "@/lib/server-actions/run-action";
import { idSchema } from "@/lib/validation";
import { createWebhook, deleteWebhook, resendAttempt, sendTestEvent, updateWebhook } from "./endpoints";
import { webhookCreateSchema } from "./schemas";

const settingsPath = "/settings/webhooks";

/** An endpoint just created: its secret, shown this once. */
export type CreatedWebhook = { id: string; endpointUrl: string; secret: string };

type CreateField = "endpoint_url" | "events" | "description";

export async function createWebhookAction(formData: FormData): Promise<ActionResult<CreatedWebhook, CreateField>> {
  const result = await runSignedInAction(settingsPath, {
    role: integrationsRole,
    schema: webhookCreateSchema,
    input: {
      endpoint_url: formText(formData, "endpoint_url"),
      events: formData.getAll("events").filter((value) => typeof value === "string"),
      description: formText(formData, "description"),
    },
    values: { endpoint_url: formText(formData, "endpoint_url"), description: formText(formData, "description") },
    fields: { endpoint_url: "URL", events: { label: "events", format: "at least one event" }, description: "description" },
    run: async (input, access) => {
      const endpoint = await createWebhook(access, input);
      return { id: endpoint.id, endpointUrl: endpoint.url, secret: endpoint.secret };
    },
  });
  if (result.ok) revalidatePath(settingsPath);
  return result;
}

export async function deleteWebhookAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInRemoval(settingsPath, id, deleteWebhook, integrationsRole);
  revalidatePath(settingsPath);
  return result;
}

export async function setWebhookEnabledAction(id: string, enabled: boolean): Promise<ActionResult<void>> {
  const result = await runSignedInAction(settingsPath, {
    role: integrationsRole,
    schema: z.object({ id: idSchema, enabled: z.boolean() }),
    input: { id, enabled },
    fields: {},
    run: async (input, access) => void (await updateWebhook(access, input.id, { enabled: input.enabled })),
  });
  revalidatePath(settingsPath);
  return result;
}

export async function sendTestEventAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInAction(settingsPath, {
    role: integrationsRole,
    schema: idSchema,
    input: id,
    fields: {},
    run: async (validId, access) => void (await sendTestEvent(access, validId)),
  });
  revalidatePath(settingsPath);
  return result;
}

export async function resendAttemptAction(id: string, attemptId: string): Promise<ActionResult<void>> {
  const result = await runSignedInAction(settingsPath, {
    role: integrationsRole,
    schema: z.object({ id: idSchema, attemptId: idSchema }),
    input: { id, attemptId },
    fields: {},
    run: async (input, access) => void (await resendAttempt(access, input.id, input.attemptId)),
  });
  revalidatePath(settingsPath);
  return result;
}
