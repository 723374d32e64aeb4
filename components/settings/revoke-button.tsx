"use client";

import { ConfirmButton } from "@/components/ui/confirm-button";
import type { ActionResult } from "@/lib/server-actions/action-result";

type RevokeButtonProps = {
  /** What is revoked, as the user knows it. */
  name: string;
  /** The dialog's title, e.g. "Revoke API key". */
  title: string;
  /** The confirming button, e.g. "Revoke key". */
  confirmLabel: string;
  /** The toast once it is done, e.g. "API key revoked". */
  doneMessage: string;
  /** A server action bound to the credential. */
  action: () => Promise<ActionResult<void>>;
};

/** "Revoke", confirmed in a modal dialog before the credential stops working. */
export function RevokeButton({ name, title, confirmLabel, doneMessage, action }: RevokeButtonProps) {
  return (
    <ConfirmButton
      label="Revoke"
      accessibleLabel={`Revoke ${name}`}
      title={title}
      description={
        <>
          Revoke <strong className="font-semibold break-words text-zinc-900 dark:text-zinc-100">{name}</strong>? Applications using it will stop working
          immediately.
        </>
      }
      confirmLabel={confirmLabel}
      pendingLabel="Revoking…"
      action={action}
      doneMessage={`${doneMessage}: ${name}`}
    />
  );
}
