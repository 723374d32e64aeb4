"use server";

import { revalidatePath } from "next/cache";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { runSignedInAction, runSignedInFormAction } from "@/lib/server-actions/run-action";
import { z } from "zod";
import { standupReminderOperations } from "./operations";
import { standupReminderUpdateSchema } from "./schemas";
import { dismissStandupReminderNotice, setStandupReminder } from "./standup-reminders";

export type StandupReminderField = "enabled" | "remind_at";

/** What the reminder form's action answers: whether it is on, and its time. */
export type StandupReminderFormResult = ActionResult<{ enabled: boolean; remind_at: string }, StandupReminderField>;

/** Settings → Members: the caller's own standup reminder, as PUT /api/v1/workspace/standup_reminder sets it. */
export async function setStandupReminderAction(_previous: StandupReminderFormResult | null, formData: FormData): Promise<StandupReminderFormResult> {
  return runSignedInFormAction("/settings/members", formData, {
    schema: standupReminderUpdateSchema,
    fields: { enabled: "reminder", remind_at: { label: "time", format: "HH:MM" } },
    // An unticked checkbox sends nothing.
    input: (values) => ({ enabled: values.enabled === "on", remind_at: values.remind_at }),
    role: standupReminderOperations.update.role,
    run: async (update, access) => {
      const saved = await setStandupReminder(access, update);
      return { enabled: saved.enabled, remind_at: saved.remind_at ?? update.remind_at };
    },
  });
}

/** The worklog's reminder notice's Dismiss; the worklog is shown again without it. */
export async function dismissStandupReminderAction(): Promise<ActionResult<void>> {
  const result = await runSignedInAction("/", {
    schema: z.undefined(),
    input: undefined,
    fields: {},
    run: (_input, access) => dismissStandupReminderNotice(access),
  });
  if (result.ok) revalidatePath("/", "layout");
  return result;
}
