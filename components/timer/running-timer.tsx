"use client";

import Link from "next/link";
import { MarkdownExcerpt } from "@/components/markdown";
import { Button } from "@/components/ui/button";
import { Elapsed } from "./elapsed";
import { useTimer } from "./timer-provider";

/**
 * The header's row for a running timer, on every page: its entry (a link to it), its reading and
 * Stop. Nothing while none runs.
 */
export function RunningTimer() {
  const controls = useTimer();
  const timer = controls?.timer;
  if (!controls || !timer) return null;
  return (
    <div role="group" aria-label="Running timer" className="border-t border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950">
      <div className="mx-auto flex w-full max-w-5xl items-center gap-3 px-4 py-1.5 text-sm sm:px-6">
        <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-emerald-600 motion-safe:animate-pulse dark:bg-emerald-400" />
        <Link href={`/?entry=${timer.id}`} className="min-w-0 flex-1 truncate text-zinc-800 hover:underline dark:text-zinc-200">
          <MarkdownExcerpt>{timer.content}</MarkdownExcerpt>
        </Link>
        <Elapsed since={timer.recorded_at} className="font-medium text-emerald-900 dark:text-emerald-100" />
        <Button variant="secondary" size="xs" aria-label="Stop timer" aria-keyshortcuts="t" disabled={controls.stopping} onClick={controls.stop}>
          Stop
        </Button>
      </div>
    </div>
  );
}

/**
 * On a phone, where the composer's strip leaves its Start to wider screens (the list comes first),
 * the header's Start: nothing while a timer runs, since its row has Stop.
 */
export function PhoneStartTimer() {
  const controls = useTimer();
  if (!controls || controls.timer) return null;
  return (
    <Button variant="secondary" size="xs" className="sm:hidden" aria-keyshortcuts="t" disabled={controls.starting} onClick={controls.start}>
      {/* A 320 px phone's header has room for "timer" alone; the button is still named "Start timer". */}
      {controls.starting ? (
        "Starting…"
      ) : (
        <>
          <span className="max-[359px]:sr-only">Start </span>timer
        </>
      )}
    </Button>
  );
}
