"use client";

import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { waiting } from "@/lib/offline/outbox-item";
import { signInAgainHref } from "./sign-in-again";
import { OutboxItemRow } from "./outbox-item-row";
import { useOutbox } from "./outbox-provider";

/** The outbox's changes in the order they are sent, each with its state and what can be done to it. */
export function OutboxPanel() {
  const outbox = useOutbox();
  if (!outbox) return null;
  const { items, online, signInNeeded } = outbox;
  return (
    <section aria-labelledby="outbox-heading" className="space-y-3 text-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="outbox-heading" className="font-semibold">
          Changes made on this device
        </h2>
        {online && !signInNeeded && items.some(waiting) && (
          <Button
            variant="secondary"
            size="xs"
            onClick={() => {
              outbox.sendNow();
              toast("Sending the waiting changes");
            }}
          >
            Retry now
          </Button>
        )}
      </div>
      {signInNeeded && (
        <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          Your session ended, so nothing is sent.{" "}
          <a href={signInAgainHref()} className="font-medium underline">
            Sign in again
          </a>{" "}
          to send these changes; they are kept until then.
        </p>
      )}
      {!online && <p className="text-zinc-600 dark:text-zinc-400">You are offline: these changes are sent once the connection is back.</p>}
      {items.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">Every change has been sent.</p>
      ) : (
        <ol className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {items.map((item) => (
            <li key={item.id} className="py-2">
              <OutboxItemRow item={item} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
