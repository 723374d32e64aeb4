"use client";

import { MenuButton } from "@/components/menu-button";
import { countOf } from "@/components/formatting/format";
import { needsReview, waiting, type OutboxItem } from "@/lib/offline/outbox-item";
import { OutboxPanel } from "./outbox-panel";
import { useOutbox } from "./outbox-provider";
import { signInAgainHref } from "./sign-in-again";

const changes = (count: number) => countOf(count, "change", "changes");

/** What the header says of the outbox, or nothing when all is sent and the browser is online. */
function summary(items: OutboxItem[], { online, sending, signInNeeded }: { online: boolean; sending: boolean; signInNeeded: boolean }) {
  const count = items.filter(waiting).length;
  const review = items.filter(needsReview).length;
  if (signInNeeded) return `Signed out — ${changes(count)} waiting`;
  if (review > 0) return `${changes(review)} failed — review`;
  if (!online) return count > 0 ? `Offline — ${changes(count)} waiting` : "Offline";
  if (sending && count > 0) return "Sending…";
  return count > 0 ? `${changes(count)} waiting` : undefined;
}

/**
 * The header's word on the changes made offline (README "Offline and installing"): how many wait,
 * whether they are being sent, failed, or wait for the person to sign in again. It opens the list
 * of them, with what can be done to each.
 */
export function OutboxIndicator() {
  const outbox = useOutbox();
  const text = outbox && summary(outbox.items, outbox);
  const alarming = outbox && (outbox.signInNeeded || outbox.items.some(needsReview));
  // The status shows only while it has something to say (pages have a status of their own that
  // their own words find); the live region around it is always there, so that it is announced.
  return (
    <div aria-live="polite" className="flex shrink-0 empty:hidden">
      {text && (
        <div role="status" aria-label="Unsent changes" className="flex items-center gap-1">
          <MenuButton
            label={text}
            className=""
            buttonClassName={`rounded-md border px-2 py-1 text-xs font-medium whitespace-nowrap sm:text-sm ${
              alarming
                ? "border-red-300 bg-red-50 text-red-800 hover:bg-red-100 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
                : "border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
            }`}
            panelClassName="max-h-[70vh] w-[min(36rem,calc(100vw-2rem))] overflow-y-auto p-3"
          >
            <OutboxPanel />
          </MenuButton>
          {outbox.signInNeeded && (
            <a href={signInAgainHref()} className="rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 underline dark:text-brand-300">
              Sign in again
            </a>
          )}
        </div>
      )}
    </div>
  );
}
