"use client";

import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/ui/submit-button";

type RevokeButtonProps = {
  /** What is revoked, as the user knows it. */
  name: string;
  /** The dialog's title, e.g. "Revoke API key". */
  title: string;
  /** The confirming button, e.g. "Revoke key". */
  confirmLabel: string;
  /** A server action bound to the credential. */
  action: () => Promise<void>;
};

/** "Revoke", confirmed in a modal dialog before the credential stops working. */
export function RevokeButton({ name, title, confirmLabel, action }: RevokeButtonProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Revoke ${name}`}
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
        className="text-red-700 dark:text-red-400"
      >
        Revoke
      </Button>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-zinc-200 bg-white p-6 text-left text-zinc-900 shadow-xl backdrop:bg-zinc-950/60 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <p id={descriptionId} className="mt-2 text-sm text-pretty text-zinc-700 dark:text-zinc-300">
          Revoke <strong className="font-semibold break-words text-zinc-900 dark:text-zinc-100">{name}</strong>? Applications
          using it will stop working immediately.
        </p>
        <form action={action} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {/* Focus starts on the harmless choice. */}
          <Button variant="secondary" autoFocus onClick={() => dialogRef.current?.close()}>
            Cancel
          </Button>
          <SubmitButton variant="danger" pendingLabel="Revoking…">
            {confirmLabel}
          </SubmitButton>
        </form>
      </dialog>
    </>
  );
}
