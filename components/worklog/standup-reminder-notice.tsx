"use client";

import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { dismissStandupReminderAction } from "@/lib/reminders/actions";

/** The standup reminder's notice (docs/api.md, "Standup reminders"): nothing written since `sinceWords`; Dismiss hides it until the next reminder. */
export function StandupReminderNotice({ sinceWords }: { sinceWords: string }) {
  const [pending, startTransition] = useTransition();
  const dismiss = () =>
    startTransition(async () => {
      const result = await dismissStandupReminderAction();
      if (!result.ok) toast.error(result.message);
    });
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-zinc-300 bg-zinc-50 px-3 py-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <p className="font-medium text-pretty">You have written nothing since {sinceWords}: write what you did.</p>
      <Button variant="secondary" size="sm" onClick={dismiss} disabled={pending} aria-busy={pending || undefined}>
        Dismiss
      </Button>
    </div>
  );
}
