"use server";

import { z } from "zod";
import { idSchema } from "@/lib/validation";
import type { ActionResult } from "@/lib/server-actions/action-result";
import type { FieldLabel } from "@/lib/server-actions/field-messages";
import { runSignedInAction } from "@/lib/server-actions/run-action";
import { entryDurationSchema, timerStartSchema } from "./schemas";
import { startTimer, stopTimer } from "./timer";
import { runningTimerView, toEntryViews, toTimerView, type EntryView, type TimerView } from "./views";

// The web app's timer (README "The web app"; the API's is docs/api.md, "Timer").

export type TimerField = "content" | "tags" | "project_id";

/** What a timer starts with, from the composer: its text, tags and project, each optional. */
export type TimerStartInput = { content?: string; tags?: string[]; project_id?: string | null };

export type TimerStarted = { timer: TimerView; stopped: EntryView | null };

const worklogPath = "/";

const timerFields = {
  content: "description of your work",
  tags: { label: "tags", item: "tag" },
  project_id: "project",
} satisfies Record<TimerField, FieldLabel>;

const timerStopSchema = z.object({ id: idSchema, duration_seconds: entryDurationSchema.unwrap().optional() });

/** The account's running entry, or null: what every page's header shows. */
export async function loadTimer(): Promise<ActionResult<TimerView | null>> {
  return runSignedInAction(worklogPath, {
    schema: z.undefined(),
    input: undefined,
    fields: {},
    run: (_, access) => runningTimerView(access),
  });
}

/** Starts a timer, stopping the one that runs (answered as `stopped`). */
export async function startTimerAction(input: TimerStartInput): Promise<ActionResult<TimerStarted, TimerField>> {
  return runSignedInAction(worklogPath, {
    schema: timerStartSchema,
    input,
    fields: timerFields,
    run: async (start, access) => {
      const { timer, stopped } = await startTimer(access, start, "web");
      const [timerView, stoppedView] = await toEntryViews(access, stopped ? [timer, stopped] : [timer]);
      return { timer: toTimerView(timerView!), stopped: stoppedView ?? null };
    },
  });
}

/**
 * Stops the running entry `id`, lasting the time it ran or `durationSeconds`. Refused when it no
 * longer runs, even if another timer was started since: that one was not the one meant.
 */
export async function stopTimerAction(id: string, durationSeconds?: number): Promise<ActionResult<EntryView, "duration_seconds">> {
  return runSignedInAction(worklogPath, {
    schema: timerStopSchema,
    input: { id, duration_seconds: durationSeconds },
    // The dialog asks for hours and minutes.
    fields: { duration_seconds: { label: "duration", unit: { name: "minute", size: 60 } } },
    notFoundMessage: "This timer is no longer running: it was stopped elsewhere.",
    run: async ({ id: entryId, duration_seconds }, access) =>
      (await toEntryViews(access, [await stopTimer(access, { id: entryId, durationSeconds: duration_seconds })]))[0]!,
  });
}
