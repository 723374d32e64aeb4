// The outbox's items for what the worklog writes (docs/api.md, "Resources" and "Timer"): the
// request each will send, made when the person acts.
import { newLocalId, newOutboxItem, type EntryPreview, type NewOutboxItem, type QueueId } from "./outbox-item";

/** An entry's body as the worklog's forms make it (lib/worklog/entry-form-values.ts). */
export type EntryBody = {
  content: string;
  recorded_at?: string;
  duration_seconds?: number | null;
  tags: string[];
  project_id: string | null;
};

/** What a timer starts with (lib/worklog/timer-actions.ts, TimerStartInput). */
export type TimerBody = { content?: string; tags?: string[]; project_id?: string | null };

/** The entry as the person read it: its id and its `updated_at`, sent as `If-Match`. */
export type ReadEntry = { id: string; updated_at: string };

const entriesPath = "/worklog/entries";

/** A new entry. Without a time it is recorded when the person wrote it, not when it is sent. */
export function createItem(queue: QueueId, body: EntryBody, preview: EntryPreview, now = Date.now()): NewOutboxItem {
  const recordedAt = body.recorded_at ?? new Date(now).toISOString();
  return newOutboxItem(
    queue,
    {
      kind: "create",
      entryId: newLocalId(),
      request: { method: "POST", path: entriesPath, body: { ...body, recorded_at: recordedAt } },
      preview: { ...preview, recorded_at: recordedAt },
    },
    now,
  );
}

export function updateItem(queue: QueueId, entry: ReadEntry, body: Partial<EntryBody>, preview: EntryPreview, now = Date.now()): NewOutboxItem {
  return newOutboxItem(
    queue,
    { kind: "update", entryId: entry.id, request: { method: "PUT", path: `${entriesPath}/${entry.id}`, body, ifMatch: entry.updated_at }, preview },
    now,
  );
}

/** A delete; `preview` is the entry as it was, for the outbox's list to name it. */
export function deleteItem(queue: QueueId, entry: ReadEntry, preview: EntryPreview, now = Date.now()): NewOutboxItem {
  return newOutboxItem(
    queue,
    { kind: "delete", entryId: entry.id, request: { method: "DELETE", path: `${entriesPath}/${entry.id}`, ifMatch: entry.updated_at }, preview },
    now,
  );
}

/** A timer started now: `started_at` says when, however late it is sent. */
export function timerStartItem(queue: QueueId, body: TimerBody, preview: EntryPreview, now = Date.now()): NewOutboxItem {
  const startedAt = new Date(now).toISOString();
  return newOutboxItem(
    queue,
    {
      kind: "timer.start",
      entryId: newLocalId(),
      request: { method: "POST", path: "/worklog/timer", body: { ...body, started_at: startedAt } },
      preview: { ...preview, recorded_at: startedAt, duration_seconds: null, running: true },
    },
    now,
  );
}

/** Stops the timer of entry `timerId` only (never another device's newer one), at `stoppedAt`. */
export function timerStopItem(queue: QueueId, timerId: string, stoppedAt: number, now = Date.now()): NewOutboxItem {
  return newOutboxItem(
    queue,
    {
      kind: "timer.stop",
      entryId: timerId,
      request: { method: "POST", path: "/worklog/timer/stop", body: { stopped_at: new Date(stoppedAt).toISOString(), entry_id: timerId } },
    },
    now,
  );
}
