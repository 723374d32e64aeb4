import { z } from "zod";
import type { HookDelivery, IncomingHook } from "@/lib/db/client";
import { responseSchemas } from "@/lib/openapi/components";
import { forgeProviders, type ForgeProvider } from "./providers";

export const forgeDeliveryResponseSchema = z
  .object({
    id: z.uuid(),
    delivery_id: z
      .string()
      .meta({ description: "The forge's id of the delivery (`X-GitHub-Delivery`, `X-Gitlab-Event-UUID`), or the SHA-256 of its body when it sent none." }),
    event: z.string().meta({ description: "The event, as the forge named it: `push`, `pull_request`, `ping`, `Push Hook`, …" }),
    status: z.number().int().meta({ description: "The HTTP status the delivery was answered with." }),
    commits_recorded: z.number().int().meta({ description: "Commits it stored that the repository did not have." }),
    error: z.string().nullable().meta({ description: "Why it was refused, for a status of 400 or more." }),
    received_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "HookDelivery" });

export const forgeHookResponseSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    provider: z.enum(forgeProviders),
    name: z.string(),
    hook_url: z.url().meta({ description: "Where the forge sends its deliveries: the Payload URL (GitHub) or URL (GitLab) of the webhook." }),
    last_delivery_at: z.iso.datetime().nullable().meta({ description: "When the last accepted delivery arrived; null before the first." }),
    inserted_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "IncomingHook" });

/** The answer to its creation: the only one that holds its secret. */
export const createdForgeHookResponseSchema = forgeHookResponseSchema
  .extend({
    secret: z.string().meta({ description: "The secret to give the forge (GitHub: Secret; GitLab: Secret token). Shown this once." }),
  })
  .register(responseSchemas, { id: "IncomingHookCreated" });

export const forgeHookWithDeliveriesResponseSchema = forgeHookResponseSchema
  .extend({ deliveries: z.array(forgeDeliveryResponseSchema).meta({ description: "Its last 50 deliveries, the newest first." }) })
  .register(responseSchemas, { id: "IncomingHookWithDeliveries" });

export const forgeHookListResponseSchema = z
  .object({ incoming_hooks: z.array(forgeHookResponseSchema).meta({ description: "Every hook of the account (at most 100), the newest first." }) })
  .register(responseSchemas, { id: "IncomingHookList" });

/** The answer to a delivery, for the forge's log of its deliveries. */
export const forgeDeliveryResultSchema = z
  .object({
    ok: z.literal(true),
    event: z.string(),
    delivery_id: z.string(),
    result: z.enum(["recorded", "ignored", "duplicate"]).meta({
      description:
        "`recorded`: its commits or merged pull request were stored; `ignored`: an event that records nothing (a ping, a tag, a deleted branch, another event); `duplicate`: this delivery was received before, and nothing was recorded again.",
    }),
    commits_recorded: z.number().int(),
    repository_id: z
      .uuid()
      .nullable()
      .meta({ description: "The repository it recorded into, found by its remote or created; null when nothing was recorded." }),
  })
  .register(responseSchemas, { id: "HookDeliveryResult" });
export type ForgeDeliveryResult = z.infer<typeof forgeDeliveryResultSchema>;

export function toForgeDeliveryResponse(delivery: HookDelivery): z.infer<typeof forgeDeliveryResponseSchema> {
  return {
    id: delivery.id,
    delivery_id: delivery.deliveryId,
    event: delivery.event,
    status: delivery.status,
    commits_recorded: delivery.commitsRecorded,
    error: delivery.error,
    received_at: delivery.receivedAt.toISOString(),
  };
}

/** Where the forge posts: `origin` is the app's public origin (lib/public-origin.ts). */
export const forgeHookUrl = (origin: string, id: string) => `${origin}/api/hooks/${id}`;

export function toForgeHookResponse(hook: IncomingHook, origin: string): z.infer<typeof forgeHookResponseSchema> {
  return {
    id: hook.id,
    url: `/api/v1/incoming_hooks/${hook.id}`,
    provider: hook.provider as ForgeProvider,
    name: hook.name,
    hook_url: forgeHookUrl(origin, hook.id),
    last_delivery_at: hook.lastDeliveryAt?.toISOString() ?? null,
    inserted_at: hook.insertedAt.toISOString(),
    updated_at: hook.updatedAt.toISOString(),
  };
}
