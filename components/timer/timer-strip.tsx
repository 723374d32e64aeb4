"use client";

import { MarkdownExcerpt } from "@/components/markdown";
import { Button } from "@/components/ui/button";
import { Elapsed } from "./elapsed";
import { useTimer, useTimerDraft, type TimerDraft } from "./timer-provider";

/**
 * The timer under the composer: Start, which takes the composer's text, tags and project (the
 * text is cleared once the timer runs), or Stop beside the running timer's reading.
 */
export function TimerStrip({ draft }: { draft: TimerDraft }) {
  useTimerDraft(draft);
  const controls = useTimer();
  if (!controls) return null;
  const { timer } = controls;
  // On a phone an idle timer's Start is in the header (PhoneStartTimer): the list comes first.
  return (
    <div
      className={`mt-3 min-w-0 flex-wrap items-center gap-x-3 gap-y-1 border-t border-zinc-200 pt-3 text-sm dark:border-zinc-800 ${timer ? "flex" : "hidden sm:flex"}`}
    >
      {timer ? (
        <>
          <Button variant="secondary" size="sm" aria-keyshortcuts="t" disabled={controls.stopping} onClick={controls.stop}>
            {controls.stopping ? "Stopping…" : "Stop timer"}
          </Button>
          <Elapsed since={timer.recorded_at} className="font-medium" />
          <span className="min-w-0 flex-1 truncate text-zinc-600 dark:text-zinc-400">
            <MarkdownExcerpt>{timer.content}</MarkdownExcerpt>
          </span>
        </>
      ) : (
        <>
          <Button variant="secondary" size="sm" aria-keyshortcuts="t" disabled={controls.starting} onClick={controls.start}>
            {controls.starting ? "Starting…" : "Start timer"}
          </Button>
          <span className="text-zinc-600 dark:text-zinc-400">
            Or press <kbd className="font-sans font-medium">t</kbd>; the timer takes the text, tags and project above, if any.
          </span>
        </>
      )}
    </div>
  );
}
