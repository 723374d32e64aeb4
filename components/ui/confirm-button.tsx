"use client";

import { useActionState, useId, useRef, type ReactNode } from "react";
import { toast } from "@/components/ui/toast";
import type { ActionResult } from "@/lib/server-actions/action-result";
import { Button } from "./button";
import { FormError } from "./form-feedback";
import { SubmitButton } from "./submit-button";

type ConfirmButtonProps = {
  /** The opening button's text and accessible name. */
  label: string;
  accessibleLabel?: string;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  /** A server action, whose refusal the dialog shows, or the page's own handler. */
  action: () => Promise<ActionResult<unknown>> | void;
  /** Said in a toast once the action is done, e.g. "API key revoked". */
  doneMessage?: string;
  /** Called once the action is done, e.g. for a toast with Undo. */
  onDone?: () => void;
  /** `change`: a reversible change (e.g. a role), not drawn as destructive. */
  tone?: "destructive" | "change";
};

/** A button whose destructive action (or a change to confirm) is confirmed in a modal dialog first. */
export function ConfirmButton({
  label,
  accessibleLabel,
  title,
  description,
  confirmLabel,
  pendingLabel,
  action,
  doneMessage,
  onDone,
  tone = "destructive",
}: ConfirmButtonProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [refusal, confirm] = useActionState(async () => {
    const result = await action();
    if (result && !result.ok) return result.message;
    dialogRef.current?.close();
    if (doneMessage) toast.success(doneMessage);
    onDone?.();
    return undefined;
  }, undefined);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-label={accessibleLabel}
        aria-haspopup="dialog"
        onClick={() => dialogRef.current?.showModal()}
        className={tone === "destructive" ? "text-red-700 dark:text-red-400" : undefined}
      >
        {label}
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
          {description}
        </p>
        {refusal && (
          <div className="mt-4">
            <FormError message={refusal} />
          </div>
        )}
        <form action={confirm} className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {/* Focus starts on the harmless choice. */}
          <Button variant="secondary" autoFocus onClick={() => dialogRef.current?.close()}>
            Cancel
          </Button>
          <SubmitButton variant={tone === "destructive" ? "danger" : "primary"} pendingLabel={pendingLabel}>
            {confirmLabel}
          </SubmitButton>
        </form>
      </dialog>
    </>
  );
}
