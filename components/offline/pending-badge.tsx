import type { OutboxState } from "@/lib/offline/outbox-item";

const stateWords: Record<OutboxState, string> = {
  pending: "Waiting to send",
  sending: "Sending…",
  failed: "Not sent — review",
  conflict: "Changed elsewhere — review",
};

const stateClassName: Record<OutboxState, string> = {
  pending: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200",
  sending: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200",
  failed: "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
  conflict: "border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200",
};

/** On a row the outbox changed: whether its change waits, is on its way, or needs the person (the header's panel says more). */
export function PendingBadge({ mark }: { mark: { state: OutboxState } }) {
  return (
    <span
      data-testid="pending-badge"
      className={`mr-1 inline-flex min-h-6 shrink-0 items-center rounded border px-1.5 text-xs font-medium whitespace-nowrap ${stateClassName[mark.state]}`}
    >
      {stateWords[mark.state]}
    </span>
  );
}
