"use client";

import { useActionState, useId } from "react";
import { FieldError, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/toast";
import { setStandupReminderAction, type StandupReminderFormResult } from "@/lib/reminders/actions";

type ReminderValues = { enabled: boolean; remind_at: string };
type FormState = { values: ReminderValues; result: StandupReminderFormResult | null };

/** The caller's own standup reminder in the workspace: on or off, and its time in their zone. */
export function StandupReminderForm({ initial, timeZone }: { initial: ReminderValues; timeZone: string }) {
  const [state, formAction] = useActionState(
    async (previous: FormState, formData: FormData): Promise<FormState> => {
      const result = await setStandupReminderAction(previous.result, formData);
      if (!result.ok) return { values: { enabled: formData.get("enabled") === "on", remind_at: String(formData.get("remind_at") ?? "") }, result };
      toast.success(result.data.enabled ? `You will be reminded at ${result.data.remind_at} on working days` : "Standup reminders are off");
      return { values: result.data, result };
    },
    { values: initial, result: null },
  );
  const id = useId();
  const refusal = state.result?.ok === false ? state.result : undefined;
  const { values } = state;
  return (
    <form action={formAction} className="max-w-md space-y-5" key={JSON.stringify(state.values)}>
      <div>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="enabled"
            defaultChecked={values.enabled}
            aria-describedby={refusal?.fieldErrors.enabled ? `${id}-enabled-error` : undefined}
            className="mt-0.5 size-4 rounded border-zinc-300"
          />
          Remind me when I have written nothing since the last working day
        </label>
        <FieldError id={`${id}-enabled-error`} message={refusal?.fieldErrors.enabled} />
      </div>
      <TextField
        label="At"
        name="remind_at"
        type="time"
        required
        defaultValue={values.remind_at}
        error={refusal?.fieldErrors.remind_at}
        hint={`On working days (Monday to Friday), in your time zone, ${timeZone}; by email too when this server sends email.`}
        className="max-w-xs"
      />
      <FormError message={refusal?.message} />
      <SubmitButton pendingLabel="Saving…">Save reminder</SubmitButton>
    </form>
  );
}
