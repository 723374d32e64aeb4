import { z } from "zod";
import { requestSchemas } from "@/lib/openapi/components";
import { text } from "@/lib/validation";
import { MAX_URL_LENGTH } from "./destination";
import { webhookSubscriptions } from "./events";

const urlSchema = z.string().trim().max(MAX_URL_LENGTH).meta({
  format: "uri",
  description:
    "Where the events are posted: an http or https URL whose host resolves to public addresses only (not loopback, private, link-local nor the metadata address), checked now and before each delivery; WEBHOOK_ALLOWED_HOSTS names exceptions.",
});

const eventsSchema = z
  .array(z.enum(webhookSubscriptions))
  .min(1)
  .max(webhookSubscriptions.length)
  .transform((events) => [...new Set(events)])
  .meta({ description: "The events it receives: types, or `project.*` and `repository.*` for every event of theirs." });

const descriptionSchema = text(0, 500).meta({ description: "What it is for." });

export const webhookCreateSchema = z
  .object({
    endpoint_url: urlSchema,
    events: eventsSchema,
    description: descriptionSchema.optional(),
    enabled: z.boolean().optional().meta({ description: "Whether events are delivered to it; true unless false is sent." }),
  })
  .register(requestSchemas, { id: "WebhookCreate" });
export type WebhookCreate = z.output<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z
  .object({
    endpoint_url: urlSchema.optional(),
    events: eventsSchema.optional(),
    description: descriptionSchema.optional(),
    enabled: z.boolean().optional().meta({ description: "false stops its deliveries; true enables it again, clearing why it was disabled." }),
  })
  .register(requestSchemas, { id: "WebhookUpdate" });
export type WebhookUpdate = z.output<typeof webhookUpdateSchema>;
