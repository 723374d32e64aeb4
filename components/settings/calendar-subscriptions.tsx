"use client";

import { useActionState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { TextField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { toast } from "@/components/ui/toast";
import { addCalendarSubscriptionAction, removeCalendarSubscriptionAction } from "@/lib/calendar/actions";
import type { FieldErrors } from "@/lib/server-actions/action-result";

export type SubscriptionRow = { id: string; name: string; url: string; lastFetchedAt: string | null; lastError: string | null };

type State = { url: string; name: string; fieldErrors: FieldErrors<"url" | "name">; formError?: string };
const emptyForm: State = { url: "", name: "", fieldErrors: {} };

async function submit(_previous: State, formData: FormData): Promise<State> {
  const result = await addCalendarSubscriptionAction(formData);
  if (result.ok) {
    toast.success("Calendar added: its meetings appear among the suggested entries once it is fetched");
    return emptyForm;
  }
  return { url: result.values?.url ?? "", name: result.values?.name ?? "", fieldErrors: result.fieldErrors, formError: result.message };
}

/** Calendars whose past meetings are suggested as entries: add one by URL and name, see its last fetch, remove it. */
export function CalendarSubscriptions({ subscriptions }: { subscriptions: SubscriptionRow[] }) {
  const [state, formAction] = useActionState(submit, emptyForm);
  return (
    <div className="space-y-6">
      <form action={formAction} className="space-y-4">
        <FormError message={state.formError} />
        <TextField
          label="Calendar URL"
          name="url"
          type="url"
          required
          autoComplete="off"
          placeholder="https://calendar.example.com/team.ics"
          hint="The calendar’s private .ics address (its “secret address in iCal format”). Internal and private addresses are refused."
          defaultValue={state.url}
          error={state.fieldErrors.url}
          className="max-w-xl"
        />
        <TextField label="Name" name="name" required maxLength={100} defaultValue={state.name} error={state.fieldErrors.name} className="max-w-xl" />
        <SubmitButton pendingLabel="Adding…">Add calendar</SubmitButton>
      </form>
      {subscriptions.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No calendars yet.</p>
      ) : (
        <ul aria-label="Your calendars" className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {subscriptions.map((subscription) => (
            <li key={subscription.id} className="flex flex-wrap items-start justify-between gap-3 p-3 sm:p-4">
              <div className="min-w-0">
                <p className="font-medium break-words">{subscription.name}</p>
                <p className="text-sm break-all text-zinc-600 dark:text-zinc-400">{subscription.url}</p>
                <p className="text-sm text-zinc-600 dark:text-zinc-400">
                  {subscription.lastFetchedAt ? `Last fetched ${new Date(subscription.lastFetchedAt).toUTCString()}` : "Not fetched yet"}
                </p>
                {subscription.lastError && <p className="text-sm text-red-700 dark:text-red-300">{subscription.lastError}</p>}
              </div>
              <ConfirmButton
                label="Remove"
                accessibleLabel={`Remove ${subscription.name}`}
                title="Remove the calendar"
                description={`Remove ${subscription.name}? Its meetings leave the suggestions; entries logged from them stay.`}
                confirmLabel="Remove calendar"
                pendingLabel="Removing…"
                action={() => removeCalendarSubscriptionAction(subscription.id)}
                doneMessage={`Calendar removed: ${subscription.name}`}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
