"use client";

import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { pageWidth } from "@/components/page-width";
import { Button } from "@/components/ui/button";
import { Elapsed } from "./elapsed";
import { useTimer } from "./timer-provider";
import { PendingBadge } from "@/components/offline/pending-badge";

/** The bar's height whether a timer runs or not: starting or stopping one moves nothing on the page. */
const barClassName = `mx-auto flex h-9 w-full ${pageWidth} items-center gap-3 px-4 text-sm sm:px-6`;

/**
 * The header's row for the timer, on every page, the one place it shows: a running timer's entry
 * (a link to it), its reading and Stop; while none runs, Start, which takes the worklog composer's
 * text, tags and project when that page is open. The row keeps its height either way.
 */
export function TimerBar() {
  const controls = useTimer();
  if (!controls) return null;
  const { timer } = controls;
  if (!timer)
    return (
      <div className="border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900">
        <div className={barClassName}>
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-zinc-400 dark:bg-zinc-500" />
          <span className="min-w-0 flex-1 truncate text-zinc-600 dark:text-zinc-400">
            No timer running<span className="max-sm:hidden"> · t starts one, with what the new entry says</span>
          </span>
          {controls.pending && <PendingBadge mark={{ state: "pending" }} />}
          <Button variant="secondary" size="xs" aria-keyshortcuts="t" disabled={controls.starting} onClick={controls.start}>
            {controls.starting ? "Starting…" : "Start timer"}
          </Button>
        </div>
      </div>
    );
  return (
    <div role="group" aria-label="Running timer" className="border-t border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950">
      <div className={barClassName}>
        <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-emerald-600 motion-safe:animate-pulse dark:bg-emerald-400" />
        <WorkspaceLink href={`/?entry=${timer.id}`} className="min-w-0 flex-1 truncate text-zinc-800 hover:underline dark:text-zinc-200">
          {timer.excerpt}
        </WorkspaceLink>
        {controls.pending && <PendingBadge mark={{ state: "pending" }} />}
        <Elapsed since={timer.recorded_at} className="font-medium text-emerald-900 dark:text-emerald-100" />
        <Button variant="secondary" size="xs" aria-label="Stop timer" aria-keyshortcuts="t" disabled={controls.stopping} onClick={controls.stop}>
          {controls.stopping ? "Stopping…" : "Stop"}
        </Button>
      </div>
    </div>
  );
}
