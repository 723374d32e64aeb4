import { instantOf, wallClock } from "@/lib/time";
import { durationText, parseDuration, readInlineMeta } from "@/lib/worklog/composer-text";
import { normalizeTags } from "@/lib/worklog/filters";
import type { TimerStartInput } from "@/lib/worklog/timer-actions";
import type { EntryView } from "@/lib/worklog/views";

/** An entry form's fields as typed: the text, the date and time on the account's wall clock, a duration as people write it, tags, a project id. */
export type EntryFormValues = { content: string; recordedAt: string; duration: string; tags: string; projectId: string };

export const emptyEntryForm: EntryFormValues = { content: "", recordedAt: "", duration: "", tags: "", projectId: "" };

/** The form's values for an entry; its time is the wall-clock time in the account's time zone. */
export function entryFormValues(entry: EntryView, timeZone: string): EntryFormValues {
  return {
    content: entry.content,
    recordedAt: wallClock(new Date(entry.recorded_at), timeZone),
    duration: entry.duration_seconds === null ? "" : durationText(entry.duration_seconds),
    tags: entry.tags.join(" "),
    projectId: entry.project_id ?? "",
  };
}

/**
 * The body the entry schemas take; an empty date means "now" on create and "unchanged" on update.
 * Tags and a duration typed in the text (lib/worklog/composer-text.ts) join the fields'; a filled
 * duration field wins over one typed in the text.
 */
export function entryInput(values: EntryFormValues, timeZone: string) {
  const inline = readInlineMeta(values.content);
  return {
    content: inline.content,
    recorded_at: values.recordedAt ? instantOf(values.recordedAt, timeZone).toISOString() : undefined,
    duration_seconds: (values.duration ? parseDuration(values.duration) : inline.durationSeconds) ?? null,
    tags: allTags(values, inline.tags),
    project_id: values.projectId || null,
  };
}

function allTags(values: EntryFormValues, inlineTags: string[]): string[] {
  return [...new Set([...normalizeTags(values.tags).split(" ").filter(Boolean), ...inlineTags])];
}

/**
 * An edit's body. A running entry keeps running unless a duration is given, and keeps its start
 * (to the second) unless the date and time are changed: the form shows them to the minute.
 */
export function entryChanges(entry: EntryView, values: EntryFormValues, timeZone: string) {
  const { duration_seconds, recorded_at, ...input } = entryInput(values, timeZone);
  if (!entry.running) return { ...input, duration_seconds, recorded_at };
  return {
    ...input,
    duration_seconds: duration_seconds ?? undefined,
    recorded_at: values.recordedAt === entryFormValues(entry, timeZone).recordedAt ? undefined : recorded_at,
  };
}

/** What a timer started from the composer says: its text (the timer's default when empty), tags and project. */
export function timerInput(values: EntryFormValues): TimerStartInput {
  const inline = readInlineMeta(values.content);
  return { content: inline.content.trim() ? inline.content : undefined, tags: allTags(values, inline.tags), project_id: values.projectId || null };
}
