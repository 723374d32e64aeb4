"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { AppError } from "@/lib/errors";
import { formText, type ActionResult } from "@/lib/server-actions/action-result";
import type { FieldLabel } from "@/lib/server-actions/field-messages";
import { integrationsRole } from "@/lib/access/roles";
import { runSignedInAction } from "@/lib/server-actions/run-action";
import { idSchema } from "@/lib/validation";
import { runScheduleNow } from "./runs";
import { createSchedule, deleteSchedule, updateSchedule } from "./schedules";
import { scheduleCreateSchema } from "./schemas";

const settingsPath = "/settings/schedules";

export type ScheduleField = "template" | "period" | "weekdays" | "time" | "destination";

const scheduleFields = {
  template: "template",
  period: "period",
  weekdays: { label: "days", item: "day" },
  time: { label: "time", format: "a time HH:MM" },
  destination: { label: "destination", format: "a public http or https URL" },
} satisfies Record<ScheduleField, FieldLabel>;

/** The form's fields as the API's body: `destination` is `webhook:<id>`, `slack` or `discord`, the latter two with `url`. */
function scheduleInput(formData: FormData) {
  const destination = formText(formData, "destination");
  return {
    template: formText(formData, "template"),
    period: formText(formData, "period"),
    weekdays: formData.getAll("weekdays").map(Number),
    time: formText(formData, "time"),
    destination: destination.startsWith("webhook:")
      ? { kind: "webhook", webhook_id: destination.slice("webhook:".length) }
      : { kind: destination, url: formText(formData, "url") },
    enabled: formData.get("enabled") === null ? undefined : formData.get("enabled") === "on",
  };
}

export async function createScheduleAction(formData: FormData): Promise<ActionResult<void, ScheduleField>> {
  const result = await runSignedInAction(settingsPath, {
    role: integrationsRole,
    schema: scheduleCreateSchema,
    input: scheduleInput(formData),
    fields: scheduleFields,
    run: async (input, access) => void (await createSchedule(access, input)),
  });
  if (result.ok) revalidatePath(settingsPath);
  return result;
}

export async function updateScheduleAction(id: string, formData: FormData): Promise<ActionResult<void, ScheduleField>> {
  const result = await runSignedInAction(settingsPath, {
    role: integrationsRole,
    schema: scheduleCreateSchema.extend({ id: idSchema }),
    input: { ...scheduleInput(formData), id },
    fields: scheduleFields,
    run: async ({ id: validId, ...input }, access) => void (await updateSchedule(access, validId, input)),
  });
  if (result.ok) revalidatePath(settingsPath);
  return result;
}

export async function setScheduleEnabledAction(id: string, enabled: boolean): Promise<ActionResult<void>> {
  const result = await runSignedInAction(settingsPath, {
    role: integrationsRole,
    schema: z.object({ id: idSchema, enabled: z.boolean() }),
    input: { id, enabled },
    fields: {},
    run: async (input, access) => void (await updateSchedule(access, input.id, { enabled: input.enabled })),
  });
  revalidatePath(settingsPath);
  return result;
}

export async function runScheduleNowAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInAction(settingsPath, {
    role: integrationsRole,
    schema: idSchema,
    input: id,
    fields: {},
    run: async (validId, access) => void (await runScheduleNow(access, validId)),
  });
  revalidatePath(settingsPath);
  return result;
}

/** Deletes the schedule; one deleted already (in another tab) counts as done. */
export async function deleteScheduleAction(id: string): Promise<ActionResult<void>> {
  const result = await runSignedInAction(settingsPath, {
    role: integrationsRole,
    schema: idSchema,
    input: id,
    fields: {},
    run: async (validId, access) => {
      try {
        await deleteSchedule(access, validId);
      } catch (error) {
        if (!(error instanceof AppError && error.kind === "not_found")) throw error;
      }
    },
  });
  revalidatePath(settingsPath);
  return result;
}
