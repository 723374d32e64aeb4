import { z } from "zod";
import type { RangeBound } from "@/lib/time";
import { shortened } from "@/lib/validation";
import { entryResponseSchema } from "@/lib/worklog/responses";
import type { Suggestion } from "@/lib/worklog/suggestion-schemas";

export type EntryResponse = z.infer<typeof entryResponseSchema>;

/** The start of a text on one line, for a summary. */
export function excerpt(text: string, length = 80): string {
  const line = text.trim().replaceAll(/\s+/g, " ");
  return shortened(line, length);
}

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The entry in the web app: its day in the worklog, the entry highlighted (`/?entry=<id>`). */
export const entryLink = (origin: string, entry: EntryResponse) => `${origin}/?entry=${entry.id}`;

export function entryLine(entry: EntryResponse): string {
  const project = entry.project ? ` [${entry.project.identifier}]` : "";
  return `- ${entry.recorded_at}${project} ${excerpt(entry.content)} (id ${entry.id})`;
}

/** A bound of a date range as the web app's URL takes it. */
export const boundText = (bound: RangeBound | undefined) => bound && (bound.kind === "day" ? bound.date : bound.instant.toISOString());

export const moreLine = (meta: { has_more: boolean; end_cursor: string | null }) =>
  meta.has_more ? `\nMore follow: call again with starting_after=${meta.end_cursor}.` : "";

/** A suggestion as the agent reads it: what to pass to log_work, then the drafted content, indented. */
export function suggestionLines(suggestion: Suggestion): string[] {
  const project = suggestion.repository?.project_id ? `, project ${suggestion.repository.project_id}` : "";
  const commits = suggestion.commits.length > 0 ? `, commit_ids ${suggestion.commits.map((commit) => commit.id).join(",")}` : "";
  const duration = suggestion.calendar_event ? `, duration_seconds ${suggestion.calendar_event.duration_seconds}` : "";
  return [
    `- ${suggestion.day} ${suggestion.title} (id ${suggestion.id})`,
    `  recorded_at ${suggestion.recorded_at}${project}${commits}${duration}`,
    ...suggestion.content.split("\n").map((line) => `  > ${line}`),
  ];
}
