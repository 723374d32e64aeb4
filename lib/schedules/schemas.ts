import { z } from "zod";
import { requestSchemas } from "@/lib/openapi/components";
import { recapPeriodIds } from "@/lib/recaps/periods";
import { recapTemplateSchema } from "@/lib/recaps/schemas";
import { wallClockTimeSchema } from "@/lib/time-schemas";
import { idSchema } from "@/lib/validation";
import { MAX_URL_LENGTH } from "@/lib/webhooks/destination";

export const destinationKinds = ["webhook", "slack", "discord"] as const;
export type DestinationKind = (typeof destinationKinds)[number];

const chatUrlSchema = z.string().trim().max(MAX_URL_LENGTH).meta({
  format: "uri",
  description:
    "The incoming-webhook URL; its host must resolve to public addresses only, checked now and before each delivery, as a webhook's (WEBHOOK_ALLOWED_HOSTS names exceptions).",
});

export const destinationSchema = z
  .discriminatedUnion("kind", [
    z.object({
      kind: z.literal("webhook"),
      webhook_id: idSchema.meta({ description: "One of the account's webhooks: it receives a `recap.scheduled` event." }),
    }),
    z.object({ kind: z.literal("slack"), url: chatUrlSchema }),
    z.object({ kind: z.literal("discord"), url: chatUrlSchema }),
  ])
  .meta({ description: "Where each run sends its recap: one of the account's webhooks, or a Slack or Discord incoming webhook." });
export type DestinationInput = z.output<typeof destinationSchema>;

const periodSchema = z.enum(recapPeriodIds).meta({
  description:
    "The days the recap covers, as of the run's day in the account's time zone: `today`, `yesterday`, `this_week` (so far), `last_week` or `last_30_days`.",
});

const weekdaysSchema = z
  .array(z.number().int().min(0).max(6))
  .min(1)
  .max(7)
  .transform((days) => [...new Set(days)].sort())
  .meta({ description: "The days of the week it runs on: 0 for Sunday, 1 for Monday, … 6 for Saturday." });

const timeSchema = wallClockTimeSchema.meta({ description: "The time it runs, HH:MM in the account's time zone (its offset that day, DST included)." });

const enabledSchema = z.boolean().meta({ description: "Whether it runs at its times; true unless false is sent. Run now works either way." });

export const scheduleCreateSchema = z
  .object({
    template: recapTemplateSchema,
    period: periodSchema,
    weekdays: weekdaysSchema,
    time: timeSchema,
    destination: destinationSchema,
    enabled: enabledSchema.optional(),
  })
  .register(requestSchemas, { id: "RecapScheduleCreate" });
export type ScheduleCreate = z.output<typeof scheduleCreateSchema>;

export const scheduleUpdateSchema = z
  .object({
    template: recapTemplateSchema.optional(),
    period: periodSchema.optional(),
    weekdays: weekdaysSchema.optional(),
    time: timeSchema.optional(),
    destination: destinationSchema.optional(),
    enabled: enabledSchema.optional(),
  })
  .register(requestSchemas, { id: "RecapScheduleUpdate" });
export type ScheduleUpdate = z.output<typeof scheduleUpdateSchema>;
