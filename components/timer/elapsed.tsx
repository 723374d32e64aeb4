"use client";

import { formatClock } from "./timer-clock";
import { useSecondsSince } from "./timer-provider";

/** A running timer's reading, ticking each second. Not a live region: a reader hears it when it reaches it. */
export function Elapsed({ since, className = "" }: { since: string; className?: string }) {
  const seconds = useSecondsSince(since);
  return (
    <span role="timer" className={`font-mono tabular-nums ${className}`}>
      {formatClock(seconds)}
    </span>
  );
}

/** What a running entry shows instead of its duration. */
export function RunningBadge({ since }: { since: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
      Running
      <Elapsed since={since} />
    </span>
  );
}
