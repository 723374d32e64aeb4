import { z } from "zod";
import { responseSchemas } from "@/lib/openapi/components";

/** The caller's standup reminder in the workspace (docs/api.md, "Standup reminders"). */
export const standupReminderResponseSchema = z
  .object({
    enabled: z.boolean(),
    remind_at: z.string().nullable().meta({ description: "HH:MM in the user's time zone; null until first set." }),
    time_zone: z.string().meta({ description: "The user's time zone, in which `remind_at` is read (the account's, PUT /api/v1/user)." }),
    last_reminded_on: z
      .string()
      .nullable()
      .meta({ description: "The last day (YYYY-MM-DD) a reminder was due, while its notice shows in the worklog; else null." }),
  })
  .register(responseSchemas, { id: "StandupReminder" });
export type StandupReminderResponse = z.infer<typeof standupReminderResponseSchema>;
