"use client";

import { useMemo } from "react";
import { useOutbox } from "@/components/offline/outbox-provider";
import { queueOrSend } from "@/components/offline/queue-or-send";
import { timerStartItem, timerStopItem } from "@/lib/offline/outbox-changes";
import { isLocalId } from "@/lib/offline/outbox-item";
import { withPendingTimer } from "@/lib/offline/pending-entries";
import type { TimerStartInput } from "@/lib/worklog/timer-actions";
import type { TimerView } from "@/lib/worklog/views";

/** A timer to stop: its entry, when it started, and the duration the long-timer dialog chose, if any. */
export type TimerStop = { id: string; startedAt: string; durationSeconds?: number };

/** What a timer started offline shows until the server has it: its text (the server's default when empty, docs/api.md "Timer") and tags. */
const startPreview = (input: TimerStartInput) => ({
  content: input.content ?? "Timer",
  recorded_at: new Date().toISOString(),
  duration_seconds: null,
  tags: input.tags ?? [],
  project: null,
  running: true,
});

/**
 * The timer's start and stop as today (server actions), or through the outbox offline; and the
 * timer as the person left it, with the start or stop that waits there (`pending`).
 */
export function useQueuedTimer(serverTimer: TimerView | null) {
  const outbox = useOutbox();
  const items = outbox?.items;
  const author = outbox?.author;
  const { timer, pending } = useMemo(() => withPendingTimer(serverTimer, items ?? [], author ?? { id: "", name: null }), [serverTimer, items, author]);
  const mustQueue = (timerId?: string) => (outbox?.timerMustQueue() ?? false) || (timerId !== undefined && isLocalId(timerId));
  return {
    timer,
    pending: pending !== undefined,
    start: <Saved>(input: TimerStartInput, send: () => Promise<Saved>) =>
      queueOrSend(outbox, mustQueue(), send, ({ queue }) => timerStartItem(queue, input, startPreview(input))),
    stop: <Saved>({ id, startedAt, durationSeconds }: TimerStop, send: () => Promise<Saved>) =>
      queueOrSend(outbox, mustQueue(id), send, ({ queue }) =>
        timerStopItem(queue, id, durationSeconds === undefined ? Date.now() : Date.parse(startedAt) + durationSeconds * 1000),
      ),
  };
}
