import { z } from "zod";
import { requestSchemas } from "@/lib/openapi/components";
import { wallClockTimeSchema } from "@/lib/time-schemas";

/** A member's standup reminder as set (docs/api.md, "Standup reminders"). */
export const standupReminderUpdateSchema = z
  .object({
    enabled: z.boolean().meta({ description: "Whether the reminder is on. Off by default." }),
    remind_at: wallClockTimeSchema.meta({ description: "The time it is due, HH:MM in the user's time zone, on working days (Monday to Friday)." }),
  })
  .register(requestSchemas, { id: "StandupReminderUpdate" });
export type StandupReminderUpdate = z.output<typeof standupReminderUpdateSchema>;
