"use client";

import { useActionState, useState } from "react";
import { CopyField } from "@/components/settings/copy-field";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormError } from "@/components/ui/form-feedback";
import { SubmitButton } from "@/components/ui/submit-button";
import { revokeRecapShareAction, shareRecapAction } from "@/lib/recaps/share-actions";
import type { RecapShareResponse } from "@/lib/recaps/share-responses";
import { calendarDay } from "@/lib/time";
import { formatDate } from "@/lib/formatting/time-words";

const viewCount = (count: number) => `${count} ${count === 1 ? "view" : "views"}`;

type RecapShareProps = {
  recapId: string;
  /** The recap's link as the page was loaded, revoked or not; null when it was never shared. */
  initial: RecapShareResponse | null;
  timeZone: string;
};

/**
 * A completed recap's read-only link (docs/api.md, "Share links"): made here, its URL shown only
 * then (only its hash is stored), then how often it was opened, and revoking it.
 */
export function RecapShare({ recapId, initial, timeZone }: RecapShareProps) {
  const [share, setShare] = useState(initial);
  const [url, setUrl] = useState<string>();
  const [refusal, create] = useActionState(async () => {
    const result = await shareRecapAction(recapId);
    if (!result.ok) return result.message;
    const { recap_id, active, views, created_at, revoked_at } = result.data;
    setShare({ recap_id, active, views, created_at, revoked_at });
    setUrl(result.data.url);
    return undefined;
  }, undefined);

  async function revoke() {
    const result = await revokeRecapShareAction(recapId);
    if (result.ok) {
      setShare(result.data);
      setUrl(undefined);
    }
    return result;
  }

  const active = share?.active === true;
  return (
    <section aria-labelledby="recap-share-heading" className="space-y-3 rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800">
      <h2 id="recap-share-heading" className="text-lg font-semibold tracking-tight">
        Share
      </h2>
      <p className="text-sm text-pretty text-zinc-600 dark:text-zinc-400" data-testid="recap-share-status">
        {active
          ? `Anyone with the link can read this recap and its figures, without signing in; its citations are plain text. Shared on ${formatDate(calendarDay(new Date(share.created_at), timeZone))}: ${viewCount(share.views)}.`
          : share
            ? `The link was revoked: it had ${viewCount(share.views)}. A new link lets anyone who has it read this recap without signing in.`
            : "A link lets anyone who has it read this recap and its figures without signing in; it links to none of your other pages."}
      </p>
      {url && (
        <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 dark:border-emerald-800 dark:bg-emerald-950/60">
          <p className="mb-2 text-sm font-medium text-emerald-900 dark:text-emerald-200">Copy this link now. It will not be shown again.</p>
          <CopyField label="Share link" value={url} testId="recap-share-url" autoFocus />
        </div>
      )}
      <FormError message={refusal} />
      <div className="flex flex-wrap gap-2">
        <form action={create}>
          <SubmitButton variant={active ? "secondary" : "primary"} size="sm" pendingLabel="Creating…">
            {active ? "Create a new link" : "Create a link"}
          </SubmitButton>
        </form>
        {active && (
          <ConfirmButton
            label="Revoke"
            accessibleLabel="Revoke the link"
            title="Revoke the link"
            description="Anyone who opens the link from now on finds nothing. A new link can be made later."
            confirmLabel="Revoke link"
            pendingLabel="Revoking…"
            action={revoke}
            doneMessage="Link revoked"
          />
        )}
      </div>
      {active && <p className="text-sm text-zinc-600 dark:text-zinc-400">A new link replaces this one, which then stops working.</p>}
    </section>
  );
}
