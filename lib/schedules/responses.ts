import { z } from "zod";
import type { RecapSchedule } from "@/lib/db/client";
import { responseSchemas } from "@/lib/openapi/components";
import { recapPeriodIds, type RecapPeriodId } from "@/lib/recaps/periods";
import { recapTemplateIds, type RecapTemplate } from "@/lib/recaps/templates";
import { scheduleRunStatuses, type ScheduleRunStatus } from "./run-status";
import type { DestinationKind } from "./schemas";

export const scheduleResponseSchema = z
  .object({
    id: z.uuid(),
    url: z.string(),
    template: z.enum(recapTemplateIds),
    period: z.enum(recapPeriodIds),
    weekdays: z.array(z.number().int()).meta({ description: "0 for Sunday, … 6 for Saturday." }),
    time: z.string().meta({ description: "HH:MM in the account's time zone." }),
    time_zone: z.string().meta({ description: "The account's time zone, in which `time` is read." }),
    destination: z.object({
      kind: z.enum(["webhook", "slack", "discord"]),
      webhook_id: z.uuid().nullable(),
      url: z.string().nullable().meta({ description: "The Slack or Discord URL; null for a webhook." }),
    }),
    enabled: z.boolean(),
    next_run_at: z.iso.datetime().nullable().meta({ description: "When it runs next; null while it is disabled." }),
    last_run_at: z.iso.datetime().nullable(),
    last_run_status: z.enum(scheduleRunStatuses).nullable().meta({
      description:
        "`running` (making the recap), `sent` (its event handed to the webhook, whose log says the rest), `delivered` (Slack or Discord answered 2xx), `retrying` or `failed` (see `last_run_error`); null before its first run.",
    }),
    last_run_error: z.string().nullable(),
    last_recap_id: z.uuid().nullable().meta({ description: "The recap of its last run." }),
    inserted_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .register(responseSchemas, { id: "RecapSchedule" });
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const scheduleListResponseSchema = z
  .object({ recap_schedules: z.array(scheduleResponseSchema).meta({ description: "Every schedule of the account (at most 20), the newest first." }) })
  .register(responseSchemas, { id: "RecapScheduleList" });

export function toScheduleResponse(schedule: RecapSchedule, timeZone: string): ScheduleResponse {
  return {
    id: schedule.id,
    url: `/api/v1/recap_schedules/${schedule.id}`,
    template: schedule.template as RecapTemplate,
    period: schedule.period as RecapPeriodId,
    weekdays: schedule.weekdays,
    time: schedule.localTime,
    time_zone: timeZone,
    destination: { kind: schedule.destinationKind as DestinationKind, webhook_id: schedule.webhookEndpointId, url: schedule.destinationUrl },
    enabled: schedule.enabled,
    next_run_at: schedule.nextRunAt?.toISOString() ?? null,
    last_run_at: schedule.lastRunAt?.toISOString() ?? null,
    last_run_status: schedule.lastRunStatus as ScheduleRunStatus | null,
    last_run_error: schedule.lastRunError,
    last_recap_id: schedule.lastRecapId,
    inserted_at: schedule.insertedAt.toISOString(),
    updated_at: schedule.updatedAt.toISOString(),
  };
}
