import { testQueue, preview } from "../support/outbox-items";
import { describe, expect, it } from "vitest";
import { createItem, deleteItem, timerStartItem, timerStopItem, updateItem } from "@/lib/offline/outbox-changes";
import type { OutboxItem } from "@/lib/offline/outbox-item";
import { withPendingChanges, withPendingTimer } from "@/lib/offline/pending-entries";
import type { EntryView } from "@/lib/worklog/views";

const queue = testQueue;
const author = { id: queue.userId, name: "Ada" };

const serverEntry = (id: string, content: string, recordedAt: string): EntryView => ({
  ...preview(content, recordedAt),
  id,
  url: `/api/v1/worklog/entries/${id}`,
  project_id: null,
  commit_ids: [],
  references: [],
  commits: [],
  author,
  source: "web",
  inserted_at: recordedAt,
  updated_at: recordedAt,
});

const inQueue = (...items: Omit<OutboxItem, "order">[]): OutboxItem[] => items.map((item, index) => ({ ...item, order: index + 1 }));

describe("the worklog with the outbox's changes", () => {
  it("adds waiting creates, applies waiting edits and marks waiting deletes, in the order of the work", () => {
    const older = serverEntry("0190d8a4-0000-7000-8000-0000000000a1", "older", "2026-11-28T09:00:00.000Z");
    const kept = serverEntry("0190d8a4-0000-7000-8000-0000000000a2", "kept", "2026-11-29T08:00:00.000Z");
    const create = createItem(queue, { content: "new", tags: [], project_id: null, recorded_at: "2026-11-29T10:00:00.000Z" }, preview("new"));
    const items = inQueue(
      create,
      updateItem(queue, older, { content: "older, edited" }, { ...preview("older, edited", older.recorded_at) }),
      deleteItem(queue, kept, preview("kept")),
    );
    const { entries, marks } = withPendingChanges([kept, older], items, author);
    expect(entries.map((entry) => entry.content)).toEqual(["new", "kept", "older, edited"]);
    expect(entries[0]).toMatchObject({ id: create.entryId, author, commits: [] });
    expect([...marks.entries()].map(([id, mark]) => [id, mark.kind, mark.state])).toEqual([
      [create.entryId, "create", "pending"],
      [older.id, "update", "pending"],
      [kept.id, "delete", "pending"],
    ]);
  });

  it("shows a timer started and stopped offline stopped at the stop, lasting the time it ran", () => {
    const start = timerStartItem(queue, {}, { ...preview("Timer"), running: true }, Date.parse("2026-11-29T09:00:00.000Z"));
    const stop = timerStopItem(queue, start.entryId, Date.parse("2026-11-29T09:30:00.000Z"));
    const { entries } = withPendingChanges([], inQueue(start, stop), author);
    expect(entries).toMatchObject([{ content: "Timer", running: false, recorded_at: "2026-11-29T09:30:00.000Z", duration_seconds: 1800 }]);
    expect(withPendingTimer(null, inQueue(start), author).timer).toMatchObject({ id: start.entryId, excerpt: "Timer", running: true });
    expect(withPendingTimer(null, inQueue(start, stop), author)).toMatchObject({ timer: null, pending: { kind: "timer.stop" } });
  });

  it("keeps a refused change's mark over a later waiting one, and leaves the server's timer when nothing waits", () => {
    const entry = serverEntry("0190d8a4-0000-7000-8000-0000000000a3", "entry", "2026-11-29T08:00:00.000Z");
    const [refused, later] = inQueue(updateItem(queue, entry, { content: "a" }, preview("a")), updateItem(queue, entry, { content: "b" }, preview("b")));
    const { marks } = withPendingChanges([entry], [{ ...refused!, state: "failed" }, later!], author);
    expect(marks.get(entry.id)?.state).toBe("failed");
    const timer = { ...entry, running: true, excerpt: "entry" };
    expect(withPendingTimer(timer, [], author)).toEqual({ timer });
  });
});
