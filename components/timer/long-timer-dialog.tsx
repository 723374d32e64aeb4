"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useClock } from "@/components/formatting/clock-context";
import { formatDateTime, formatDuration } from "@/lib/formatting/time-words";
import { Button } from "@/components/ui/button";
import { FieldError, TextField } from "@/components/ui/field";
import type { TimerView } from "@/lib/worklog/views";
import { hoursAndMinutes } from "./timer-clock";

type LongTimerDialogProps = {
  timer: TimerView;
  /** The account's, in which the start is shown. */
  timeZone: string;
  /** How long it had run when its stop was asked for. */
  seconds: number;
  /** Stops it: for the time it ran, or for `durationSeconds`. */
  onStop: (durationSeconds?: number) => Promise<void>;
  /** After the dialog has closed, whatever closed it (a stop, Cancel, Escape). */
  onClosed: () => void;
};

const durationProblem = "Use whole hours (up to 168) and minutes (up to 59): at least a minute in all.";

/**
 * Asks, before a timer that ran more than 10 hours stops, whether those hours were work: keep
 * them, set the duration, or cancel and leave it running. A native modal dialog: the browser
 * keeps focus inside it, closes it on Escape, and gives focus back to where it was.
 */
export function LongTimerDialog({ timer, timeZone, seconds, onStop, onClosed }: LongTimerDialogProps) {
  const clock = useClock(timeZone);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const errorId = useId();
  // The fields start at what Keep would keep, to the minute, as the heading says it.
  const ranMinutes = Math.round(seconds / 60);
  const [hours, setHours] = useState(String(Math.floor(ranMinutes / 60)));
  const [minutes, setMinutes] = useState(String(ranMinutes % 60));
  const [problem, setProblem] = useState<string>();
  const [pending, setPending] = useState(false);
  const ran = formatDuration(seconds);

  useEffect(() => {
    dialogRef.current?.showModal();
    keepRef.current?.focus();
  }, []);

  async function stop(durationSeconds?: number) {
    setPending(true);
    await onStop(durationSeconds);
    dialogRef.current?.close();
  }

  function setDuration(event: FormEvent) {
    event.preventDefault();
    const durationSeconds = hoursAndMinutes(hours, minutes);
    setProblem(durationSeconds === undefined ? durationProblem : undefined);
    if (durationSeconds !== undefined) void stop(durationSeconds);
  }

  const invalid = problem ? true : undefined;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={onClosed}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-zinc-200 bg-white p-6 text-left text-zinc-900 shadow-xl backdrop:bg-zinc-950/60 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        The timer ran {ran}. Keep those hours?
      </h2>
      <p id={descriptionId} className="mt-2 text-sm text-pretty text-zinc-700 dark:text-zinc-300">
        “{timer.excerpt}” has been running since {formatDateTime(timer.recorded_at, clock)}. Keep the time it ran, or set how long you worked. Cancel leaves it
        running.
      </p>
      <div className="mt-5">
        <Button ref={keepRef} disabled={pending} onClick={() => void stop()}>
          Keep {ran}
        </Button>
      </div>
      <form onSubmit={setDuration} noValidate className="mt-5 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <fieldset>
          <legend className="text-sm font-medium">Or set the duration</legend>
          <div className="mt-2 flex items-start gap-3">
            <TextField
              label="Hours"
              inputMode="numeric"
              autoComplete="off"
              value={hours}
              onChange={(event) => setHours(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={problem ? errorId : undefined}
              className="w-24"
            />
            <TextField
              label="Minutes"
              inputMode="numeric"
              autoComplete="off"
              value={minutes}
              onChange={(event) => setMinutes(event.target.value)}
              aria-invalid={invalid}
              aria-describedby={problem ? errorId : undefined}
              className="w-24"
            />
          </div>
          <FieldError id={errorId} message={problem} />
        </fieldset>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={pending} onClick={() => dialogRef.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" variant="secondary" disabled={pending}>
            Set duration
          </Button>
        </div>
      </form>
    </dialog>
  );
}
