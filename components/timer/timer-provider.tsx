"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { createContext, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { toast } from "@/components/ui/toast";
import { formatDuration } from "@/lib/formatting/time-words";
import { useShortcuts } from "@/components/keyboard/use-shortcuts";
import { accepted, refusalMessage } from "@/components/worklog/refusal";
import { loadTimer, startTimerAction, stopTimerAction, type TimerStartInput } from "@/lib/worklog/timer-actions";
import type { TimerView } from "@/lib/worklog/views";
import { longTimerSeconds, secondsSince, titleWithClock } from "./timer-clock";
import { useOutboxSent } from "@/components/offline/outbox-provider";
import { isQueued } from "@/components/offline/queue-or-send";
import { useQueuedTimer, type TimerStop } from "./use-queued-timer";

// Asked only when a timer that ran more than 10 hours is stopped: loaded then.
const LongTimerDialog = dynamic(() => import("./long-timer-dialog").then((module) => module.LongTimerDialog), { ssr: false });

/** What starts a timer besides the defaults: the worklog's composer, while it is on the page. */
export type TimerDraft = { input: () => TimerStartInput; onStarted: () => void };

type TimerControls = {
  /** The running entry, as the server last said or as a start or stop waiting in the outbox left it; null when no timer runs. */
  timer: TimerView | null;
  /** Whether the timer's last start or stop waits in the outbox, to be sent. */
  pending: boolean;
  starting: boolean;
  stopping: boolean;
  /** Starts a timer with the draft's text, tags and project, if a draft is set. */
  start: () => void;
  /** Stops the timer; one that ran more than 10 hours first asks whether to keep them. */
  stop: () => void;
  /** Reads the timer from the server again, e.g. after its entry was edited. */
  refresh: () => void;
  setDraft: (draft: TimerDraft | null) => void;
  /** When the page was rendered on the server (ms since the epoch): the clock's reading there, and while hydrating. */
  renderedAt: number;
};

export type TimerProviderProps = {
  userId: string;
  /** The account's, in which times are shown. */
  timeZone: string;
  initialTimer: TimerView | null;
  renderedAt: number;
};

const Context = createContext<TimerControls | null>(null);

/** Tabs of one browser tell each other about a start or stop at once; other devices learn of it from the server. */
const channelName = "worklog-timer";
type ChannelMessage = { userId: string; timer: TimerView | null };

/** How often a visible page asks the server, besides when it is shown again. */
const refetchIntervalMs = 30_000;

/**
 * The signed-in account's timer for every page (README "The web app"). The server is the truth:
 * the timer is read again when the page is shown or focused, every 30 s while it is visible, and
 * when another tab of the browser starts or stops it. `t` starts or stops it anywhere, except
 * while typing or with a dialog open.
 */
export function TimerProvider({ userId, timeZone, initialTimer, renderedAt, children }: TimerProviderProps & { children: ReactNode }) {
  const queryClient = useQueryClient();
  const queryKey = useMemo(() => ["timer", userId], [userId]);
  const query = useQuery({
    queryKey,
    queryFn: () => accepted(loadTimer()),
    initialData: initialTimer,
    refetchInterval: refetchIntervalMs,
    refetchOnWindowFocus: "always",
  });
  const { refetch } = query;
  const queued = useQueuedTimer(query.data);
  const { timer } = queued;
  const draft = useRef<TimerDraft | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);
  const [asking, setAsking] = useState<{ timer: TimerView; seconds: number }>();

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const opened = new BroadcastChannel(channelName);
    opened.onmessage = ({ data }: MessageEvent<ChannelMessage>) => {
      if (data.userId === userId) queryClient.setQueryData(queryKey, data.timer);
    };
    channel.current = opened;
    return () => opened.close();
  }, [queryClient, queryKey, userId]);

  // react-query reads again when the page becomes visible; a window that gets the focus back may have been visible all along.
  useEffect(() => {
    const onFocus = () => void refetch();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [refetch]);

  const publish = useCallback(
    (next: TimerView | null) => {
      queryClient.setQueryData(queryKey, next);
      channel.current?.postMessage({ userId, timer: next } satisfies ChannelMessage);
    },
    [queryClient, queryKey, userId],
  );

  // A start or stop the outbox sent: the server's timer is read again.
  useOutboxSent(() => void refetch());

  const failed = useCallback(
    (error: Error) => {
      toast.error(refusalMessage(error));
      void refetch();
    },
    [refetch],
  );

  const starting = useMutation({
    mutationFn: (input: TimerStartInput) => queued.start(input, () => accepted(startTimerAction(input))),
    onSuccess: (result) => {
      if (isQueued(result)) {
        draft.current?.onStarted();
        return toast("Timer started on this device: the start will be sent once the server can be reached.");
      }
      const { timer: started, stopped } = result;
      publish(started);
      draft.current?.onStarted();
      toast.success(
        stopped?.duration_seconds ? `Timer started; the one running before stopped at ${formatDuration(stopped.duration_seconds)}` : "Timer started",
      );
    },
    onError: failed,
  });

  const stopping = useMutation({
    mutationFn: (stop: TimerStop) => queued.stop(stop, () => accepted(stopTimerAction(stop.id, stop.durationSeconds))),
    onSuccess: (stopped) => {
      if (isQueued(stopped)) return toast("Timer stopped on this device: the stop will be sent once the server can be reached.");
      publish(null);
      toast.success(`Timer stopped: ${formatDuration(stopped.duration_seconds ?? 0)}`);
    },
    onError: failed,
  });

  const busy = starting.isPending || stopping.isPending;
  const { mutate: startMutate } = starting;
  const { mutate: stopMutate, mutateAsync: stopAsync } = stopping;

  const start = useCallback(() => {
    if (!busy) startMutate(draft.current?.input() ?? {});
  }, [busy, startMutate]);

  const stop = useCallback(() => {
    if (busy || !timer) return;
    const seconds = secondsSince(timer.recorded_at, Math.floor(Date.now() / 1000));
    if (seconds > longTimerSeconds) setAsking({ timer, seconds });
    else stopMutate({ id: timer.id, startedAt: timer.recorded_at });
  }, [busy, timer, stopMutate]);

  useShortcuts([{ keys: ["t"], does: "Start or stop the timer", repeat: false, run: () => (timer ? stop() : start()) }]);

  const controls = useMemo<TimerControls>(
    () => ({
      timer,
      pending: queued.pending,
      starting: starting.isPending,
      stopping: stopping.isPending,
      start,
      stop,
      refresh: () => void refetch(),
      setDraft: (next) => void (draft.current = next),
      renderedAt,
    }),
    [timer, queued.pending, starting.isPending, stopping.isPending, start, stop, refetch, renderedAt],
  );

  return (
    <Context.Provider value={controls}>
      {children}
      {timer && <ClockInTitle start={timer.recorded_at} />}
      {asking && (
        <LongTimerDialog
          timer={asking.timer}
          timeZone={timeZone}
          seconds={asking.seconds}
          onStop={async (durationSeconds) => {
            await stopAsync({ id: asking.timer.id, startedAt: asking.timer.recorded_at, durationSeconds }).catch(() => undefined);
          }}
          onClosed={() => setAsking(undefined)}
        />
      )}
    </Context.Provider>
  );
}

/** The timer of the signed-in account; null for a visitor. */
export function useTimer(): TimerControls | null {
  return useContext(Context);
}

/** Calls `onChange` when a timer starts or stops, here or elsewhere (not when the page first shows it). */
export function useTimerChange(onChange: () => void) {
  const key = useTimer()?.timer?.id ?? null;
  const seen = useRef(key);
  const changed = useEffectEvent(onChange);
  useEffect(() => {
    if (seen.current === key) return;
    seen.current = key;
    changed();
  }, [key]);
}

/** Lends the composer's text, tags and project to the timer while `draft` is mounted. */
export function useTimerDraft(draft: TimerDraft) {
  const setDraft = useTimer()?.setDraft;
  useEffect(() => {
    setDraft?.(draft);
    return () => setDraft?.(null);
  }, [setDraft, draft]);
}

// One clock for every reading on the page, ticking once a second while anything shows it.
let clockSeconds = 0;
const clockListeners = new Set<() => void>();
let clockTicker: ReturnType<typeof setInterval> | undefined;

const readClock = () => Math.floor(Date.now() / 1000);

function subscribeToClock(listener: () => void) {
  clockListeners.add(listener);
  if (clockListeners.size === 1) {
    clockSeconds = readClock();
    // A quarter of a second: a reading is never more than that behind the clock.
    clockTicker = setInterval(() => {
      const now = readClock();
      if (now === clockSeconds) return;
      clockSeconds = now;
      clockListeners.forEach((notify) => notify());
    }, 250);
  }
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0) clearInterval(clockTicker);
  };
}

function clockSnapshot() {
  if (clockListeners.size === 0) clockSeconds = readClock();
  return clockSeconds;
}

/** The seconds the timer started at `start` has run, ticking; the server's reading while the page hydrates. */
export function useSecondsSince(start: string): number {
  const renderedAt = useTimer()?.renderedAt;
  const now = useSyncExternalStore(subscribeToClock, clockSnapshot, () => Math.floor((renderedAt ?? Date.parse(start)) / 1000));
  return secondsSince(start, now);
}

/** The tab's title starts with the timer's reading while it runs, and is given back when it stops. */
function ClockInTitle({ start }: { start: string }) {
  const seconds = useSecondsSince(start);
  useEffect(() => {
    document.title = titleWithClock(document.title, seconds);
  }, [seconds]);
  useEffect(() => () => void (document.title = titleWithClock(document.title, null)), []);
  return null;
}
