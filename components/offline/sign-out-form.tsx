"use client";

import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { countOf } from "@/components/formatting/format";
import { Button } from "@/components/ui/button";
import { forgetOfflineData, unsentChangeCount } from "@/lib/offline/forget-offline-data";

/**
 * A sign-out form (the header's, Settings' "Sign out everywhere") that first forgets what the
 * browser keeps for offline use (README "Offline and installing"), asking before it loses changes
 * that were not sent.
 */
export function SignOutForm({ action, children }: { action: () => Promise<void>; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const forgotten = useRef(false);
  const [unsent, setUnsent] = useState(0);
  const titleId = useId();

  async function signOut() {
    await forgetOfflineData();
    forgotten.current = true;
    form.current?.requestSubmit();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (forgotten.current) return;
    event.preventDefault();
    const count = await unsentChangeCount();
    if (count === 0) return signOut();
    setUnsent(count);
    dialog.current?.showModal();
  }

  return (
    <>
      <form ref={form} action={action} onSubmit={(event) => void onSubmit(event)}>
        {children}
      </form>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-4 text-zinc-900 backdrop:bg-zinc-950/40 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-100"
      >
        <h2 id={titleId} className="text-lg font-semibold">
          Sign out and lose unsent changes?
        </h2>
        <p className="mt-2 text-sm">
          {countOf(unsent, "change", "changes")} {unsent === 1 ? "hasn’t" : "haven’t"} been sent and will be lost.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button
            variant="danger"
            size="sm"
            onClick={() => {
              dialog.current?.close();
              void signOut();
            }}
          >
            Sign out anyway
          </Button>
        </div>
      </dialog>
    </>
  );
}
