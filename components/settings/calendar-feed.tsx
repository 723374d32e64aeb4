"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormError } from "@/components/ui/form-feedback";
import { toast } from "@/components/ui/toast";
import { createCalendarFeedAction, revokeCalendarFeedAction } from "@/lib/calendar/actions";
import { CopyField } from "./copy-field";

/** The worklog's calendar feed: create or replace it (its URL shown once, with a copy button), or revoke it. */
export function CalendarFeed({ exists, createdAt }: { exists: boolean; createdAt: string | null }) {
  const [url, setUrl] = useState<string>();
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const create = () =>
    startTransition(async () => {
      const result = await createCalendarFeedAction();
      if (result.ok) {
        setUrl(result.data.url);
        setError(undefined);
        toast.success("Calendar feed created");
      } else setError(result.message);
    });
  return (
    <div className="space-y-4">
      <FormError message={error} />
      {url && (
        <div className="space-y-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 sm:p-5 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-50">
          <p className="text-sm font-medium text-emerald-900 dark:text-emerald-200">
            Copy the feed’s URL now. It will not be shown again: whoever has it can read your entries, so keep it like a password.
          </p>
          <CopyField label="Calendar feed URL" value={url} testId="calendar-feed-url" autoFocus />
        </div>
      )}
      <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="calendar-feed-state">
        {exists ? `You have a feed${createdAt ? `, made ${new Date(createdAt).toUTCString()}` : ""}.` : "You have no calendar feed."}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button onClick={create} disabled={pending} aria-busy={pending || undefined}>
          {pending ? "Creating…" : exists ? "Replace the feed URL" : "Create a feed URL"}
        </Button>
        {exists && (
          <ConfirmButton
            label="Revoke the feed"
            title="Revoke the calendar feed"
            description="Calendars subscribed to its URL stop receiving your entries at their next refresh."
            confirmLabel="Revoke feed"
            pendingLabel="Revoking…"
            action={async () => {
              const result = await revokeCalendarFeedAction();
              if (result.ok) setUrl(undefined);
              return result;
            }}
            doneMessage="Calendar feed revoked"
          />
        )}
      </div>
    </div>
  );
}
