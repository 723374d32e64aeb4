"use client";

import { useActionState, useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { FieldError, SelectField, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { recapPeriodIds } from "@/lib/recaps/periods";
import { recapTemplates } from "@/lib/recaps/templates";
import type { ScheduleField } from "@/lib/schedules/actions";
import type { ActionResult, FieldErrors } from "@/lib/server-actions/action-result";
import { periodLabels, weekdayNames } from "./schedule-labels";

/** A schedule as the form shows it; `destination` is `webhook:<id>`, `slack` or `discord`. */
export type ScheduleFormValues = { template: string; period: string; weekdays: number[]; time: string; destination: string; url: string };

const newSchedule: ScheduleFormValues = { template: "standup", period: "yesterday", weekdays: [1, 2, 3, 4, 5], time: "09:00", destination: "slack", url: "" };

type FormState = { values: ScheduleFormValues; fieldErrors: FieldErrors<ScheduleField>; formError?: string };

function submittedValues(formData: FormData): ScheduleFormValues {
  const text = (name: string) => String(formData.get(name) ?? "");
  return {
    template: text("template"),
    period: text("period"),
    weekdays: formData.getAll("weekdays").map(Number),
    time: text("time"),
    destination: text("destination"),
    url: text("url"),
  };
}

type ScheduleFormProps = {
  webhooks: { id: string; url: string }[];
  timeZone: string;
  /** The schedule edited; a new one without. */
  initial?: ScheduleFormValues;
  action: (formData: FormData) => Promise<ActionResult<void, ScheduleField>>;
  submitLabel: string;
  doneMessage: string;
};

/** A schedule's template, period, days, time (in the account's zone) and destination: a webhook of the account, or a Slack or Discord URL. */
export function ScheduleForm({ webhooks, timeZone, initial, action, submitLabel, doneMessage }: ScheduleFormProps) {
  const start = initial ?? newSchedule;
  const [destination, setDestination] = useState(start.destination);
  const [state, formAction] = useActionState(
    async (_previous: FormState, formData: FormData): Promise<FormState> => {
      const result = await action(formData);
      if (result.ok) toast.success(doneMessage);
      const values = result.ok && !initial ? newSchedule : submittedValues(formData);
      setDestination(values.destination);
      return result.ok ? { values, fieldErrors: {} } : { values, fieldErrors: result.fieldErrors, formError: result.message };
    },
    { values: start, fieldErrors: {} },
  );
  const id = useId();
  const { values, fieldErrors } = state;
  const chat = destination === "slack" || destination === "discord";
  return (
    <form action={formAction} className="space-y-6" key={JSON.stringify(values)}>
      <FormError message={state.formError} />
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField label="Template" name="template" defaultValue={values.template} error={fieldErrors.template}>
          {recapTemplates.map((template) => (
            <option key={template.id} value={template.id}>
              {template.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Period" name="period" defaultValue={values.period} error={fieldErrors.period} hint="As of the day it runs.">
          {recapPeriodIds.map((period) => (
            <option key={period} value={period}>
              {periodLabels[period]}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset aria-describedby={fieldErrors.weekdays ? `${id}-weekdays-error` : undefined}>
        <legend className="text-sm font-medium">Days</legend>
        <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
          {weekdayNames.map(([day, name]) => (
            <label key={day} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="weekdays" value={day} defaultChecked={values.weekdays.includes(day)} className="size-4 rounded border-zinc-300" />
              {name}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-weekdays-error`} message={fieldErrors.weekdays} />
      </fieldset>
      <TextField
        label="Time"
        name="time"
        type="time"
        required
        defaultValue={values.time}
        error={fieldErrors.time}
        hint={`In your time zone, ${timeZone}.`}
        className="max-w-xs"
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          label="Send to"
          name="destination"
          defaultValue={values.destination}
          onChange={(event) => setDestination(event.target.value)}
          error={chat ? undefined : fieldErrors.destination}
        >
          {webhooks.map((webhook) => (
            <option key={webhook.id} value={`webhook:${webhook.id}`}>
              Webhook: {webhook.url}
            </option>
          ))}
          <option value="slack">Slack URL</option>
          <option value="discord">Discord URL</option>
        </SelectField>
        {chat && (
          <TextField
            label={destination === "slack" ? "Slack incoming-webhook URL" : "Discord webhook URL"}
            name="url"
            type="url"
            required
            autoComplete="off"
            placeholder={destination === "slack" ? "https://hooks.slack.com/services/…" : "https://discord.com/api/webhooks/…"}
            defaultValue={values.url}
            error={fieldErrors.destination}
          />
        )}
      </div>
      <SubmitButton pendingLabel="Saving…">{submitLabel}</SubmitButton>
    </form>
  );
}
