// The worklog as the person left it: the entries the server last gave, with the outbox's changes
// that wait (or failed) laid over them, each marked, and the timer as they left it.
import { byMostRecentWork } from "@/lib/worklog/days";
import type { EntryView, TimerView } from "@/lib/worklog/views";
import { waiting, type EntryPreview, type OutboxItem, type OutboxKind, type OutboxState } from "./outbox-item";
import { inOrder } from "./outbox-queue";

/** What waits for an entry: the kind of its first change (a create stays a create), the state that matters most, and its last item. */
export type PendingMark = { kind: OutboxKind; state: OutboxState; itemId: string };

export type PendingEntries = { entries: EntryView[]; marks: Map<string, PendingMark> };

/** An entry made offline, as the list shows it until the server has it. */
function entryOf(item: OutboxItem, preview: EntryPreview, author: EntryView["author"]): EntryView {
  const at = new Date(item.createdAt).toISOString();
  return {
    ...preview,
    id: item.entryId,
    url: "",
    project_id: preview.project?.id ?? null,
    commit_ids: [],
    references: [],
    commits: [],
    author,
    source: "web",
    inserted_at: at,
    updated_at: at,
  };
}

function stoppedAt(item: OutboxItem): number {
  return Date.parse(String(item.request.body?.stopped_at));
}

/** The entry as a timer stopped at `at` leaves it: recorded at the stop, lasting the time it ran (docs/api.md, "Timer"). */
function stopped(entry: EntryView, at: number): EntryView {
  const seconds = Math.max(1, Math.round((at - Date.parse(entry.recorded_at)) / 1000));
  return { ...entry, running: false, recorded_at: new Date(at).toISOString(), duration_seconds: seconds };
}

function changed(entry: EntryView | undefined, item: OutboxItem, author: EntryView["author"]): EntryView | undefined {
  switch (item.kind) {
    case "create":
    case "timer.start":
      return item.preview && entryOf(item, item.preview, author);
    case "update":
      return entry && item.preview && { ...entry, ...item.preview, project_id: item.preview.project?.id ?? null };
    case "timer.stop":
      return entry?.running ? stopped(entry, stoppedAt(item)) : entry;
    case "delete":
      return entry;
  }
}

const needsPerson = (state: OutboxState) => state === "failed" || state === "conflict";

function marked(previous: PendingMark | undefined, item: OutboxItem): PendingMark {
  const state = previous && needsPerson(previous.state) && !needsPerson(item.state) ? previous.state : item.state;
  return { kind: previous?.kind === "create" || previous?.kind === "timer.start" ? previous.kind : item.kind, state, itemId: item.id };
}

/** The loaded entries with the queue's changes applied, in the order of the work; changes of entries not loaded are left out. */
export function withPendingChanges(entries: EntryView[], items: OutboxItem[], author: EntryView["author"]): PendingEntries {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const marks = new Map<string, PendingMark>();
  for (const item of inOrder(items)) {
    const entry = changed(byId.get(item.entryId), item, author);
    if (!entry) continue;
    byId.set(item.entryId, entry);
    marks.set(item.entryId, marked(marks.get(item.entryId), item));
  }
  return { entries: [...byId.values()].sort(byMostRecentWork), marks };
}

/** The first line of an entry's text without its markdown marks: what the header says of a timer started offline. */
const excerptOf = (content: string) =>
  (content.split("\n").find((line) => line.trim()) ?? "")
    .replace(/^\s*(#+|[-*+]|\d+\.)\s+/, "")
    .replace(/[*_`~]/g, "")
    .trim();

/**
 * The timer as the person left it: started or stopped by changes that wait to be sent, or as the
 * server said. `pending` is the change that decided it, if any.
 */
export function withPendingTimer(timer: TimerView | null, items: OutboxItem[], author: EntryView["author"]): { timer: TimerView | null; pending?: OutboxItem } {
  const last = inOrder(items)
    .filter((item) => waiting(item) && (item.kind === "timer.start" || item.kind === "timer.stop"))
    .at(-1);
  if (!last) return { timer };
  if (last.kind === "timer.stop" || !last.preview) return { timer: null, pending: last };
  return { timer: { ...entryOf(last, last.preview, author), excerpt: excerptOf(last.preview.content) }, pending: last };
}
