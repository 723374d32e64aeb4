"use client";

import { useActionState } from "react";
import { toast } from "@/components/ui/toast";
import { FieldError, TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { webhookSubscriptions } from "@/lib/webhooks/events";
import { createWebhookAction, type CreatedWebhook } from "@/lib/webhooks/actions";
import { formText, type FieldErrors } from "@/lib/server-actions/action-result";
import { CopyField } from "./copy-field";

type Field = "endpoint_url" | "events" | "description";
type CreateWebhookState = {
  endpointUrl: string;
  events: string[];
  description: string;
  fieldErrors: FieldErrors<Field>;
  formError?: string;
  created?: CreatedWebhook;
};

const emptyForm: CreateWebhookState = { endpointUrl: "", events: [], description: "", fieldErrors: {} };

/** The state lives here rather than in the server action, so that a secret never travels back to the server with the next submission. */
async function submit(previous: CreateWebhookState, formData: FormData): Promise<CreateWebhookState> {
  const result = await createWebhookAction(formData);
  if (result.ok) {
    toast.success(`Webhook created: ${result.data.endpointUrl}`);
    return { ...emptyForm, created: result.data };
  }
  return {
    endpointUrl: formText(formData, "endpoint_url"),
    events: formData.getAll("events").filter((value) => typeof value === "string"),
    description: formText(formData, "description"),
    fieldErrors: result.fieldErrors,
    formError: result.message,
    created: previous.created,
  };
}

/** A webhook just created: its secret, shown this once. */
function NewWebhook({ webhook }: { webhook: CreatedWebhook }) {
  return (
    <div className="space-y-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 sm:p-5 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50">
      <div>
        <p className="font-semibold break-all">Webhook to {webhook.endpointUrl} created</p>
        <p className="mt-1 text-sm font-medium text-emerald-900 dark:text-emerald-200">
          Copy the signing secret now. It will not be shown again. Your receiver verifies each request with it (Standard Webhooks).
        </p>
      </div>
      <CopyField label="Signing secret" value={webhook.secret} testId="new-webhook-secret" autoFocus />
    </div>
  );
}

export function CreateWebhookForm() {
  const [state, formAction] = useActionState(submit, emptyForm);
  return (
    <div className="space-y-6">
      {state.created && <NewWebhook key={state.created.id} webhook={state.created} />}
      <form action={formAction} className="space-y-6">
        <FormError message={state.formError} />
        <TextField
          label="Endpoint URL"
          name="endpoint_url"
          type="url"
          required
          autoComplete="off"
          placeholder="https://hooks.example.com/worklog"
          hint="A public http or https address: internal and private addresses are refused."
          defaultValue={state.endpointUrl}
          error={state.fieldErrors.endpoint_url}
          className="max-w-xl"
        />
        <fieldset aria-describedby={state.fieldErrors.events ? "webhook-events-error" : undefined}>
          <legend className="text-sm font-medium">Events</legend>
          <div className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-3">
            {webhookSubscriptions.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="events" value={event} defaultChecked={state.events.includes(event)} className="size-4 rounded border-zinc-300" />
                <span className="font-mono text-xs">{event}</span>
              </label>
            ))}
          </div>
          <FieldError id="webhook-events-error" message={state.fieldErrors.events} />
        </fieldset>
        <TextField
          label="Description"
          name="description"
          maxLength={500}
          autoComplete="off"
          placeholder="e.g. the team's dashboard"
          defaultValue={state.description}
          error={state.fieldErrors.description}
          className="max-w-xl"
        />
        <SubmitButton pendingLabel="Creating webhook…">Create webhook</SubmitButton>
      </form>
    </div>
  );
}
