import { testQueue, preview, body } from "../support/outbox-items";
import { describe, expect, it } from "vitest";
import { outcomeOf, serverMessage } from "@/lib/offline/outbox-answers";
import { createItem, deleteItem, timerStartItem, timerStopItem, updateItem } from "@/lib/offline/outbox-changes";
import { attempted, queueIdOf, queueKey, type NewOutboxItem, type OutboxItem } from "@/lib/offline/outbox-item";
import { afterAnswer, discardedWith, heldBy, idempotencyWindowMs, isExpired, nextToSend, planAdd, retryDelayMs } from "@/lib/offline/outbox-queue";

const queue = testQueue;
const serverId = "0190d8a4-0000-7000-8000-0000000000aa";
const read = { id: serverId, updated_at: "2026-11-29T10:00:00.000Z" };

/** Adds items one after the other as the store does, each folded by planAdd into what came before. */
function queued(...added: NewOutboxItem[]): OutboxItem[] {
  let items: OutboxItem[] = [];
  for (const item of added) {
    const { put, remove } = planAdd(items, item);
    items = [...items.filter((other) => !remove.includes(other.id) && !put.some((changed) => changed.id === other.id)), ...put];
  }
  return items.sort((a, b) => a.order - b.order);
}

const sentOnce = (item: OutboxItem): OutboxItem => ({ ...item, attempts: 1 });

describe("queue keys", () => {
  it("keeps one queue per user and workspace, and reads both back", () => {
    expect(queueKey(queue)).not.toBe(queueKey({ ...queue, workspace: "other" }));
    expect(queueIdOf(queueKey(queue))).toEqual(queue);
  });
});

describe("planAdd", () => {
  it("puts new changes at the end, in the order they were made", () => {
    const items = queued(createItem(queue, body("one"), preview("one")), createItem(queue, body("two"), preview("two")));
    expect(items.map((item) => [item.order, item.request.body?.content])).toEqual([
      [1, "one"],
      [2, "two"],
    ]);
  });

  it("records an offline create when the person wrote it, not when it is sent", () => {
    const item = createItem(queue, body("now"), preview("now"), Date.parse("2026-11-29T08:15:00.000Z"));
    expect(item.request.body?.recorded_at).toBe("2026-11-29T08:15:00.000Z");
    expect(item.entryId).toMatch(/^local-/);
  });

  it("folds an edit of an unsent create into it: the server never hears of the entry's local id", () => {
    const create = createItem(queue, { ...body("draft"), recorded_at: "2026-11-29T07:00:00.000Z" }, preview("draft"));
    const items = queued(create, updateItem(queue, { id: create.entryId, updated_at: "x" }, { content: "final", recorded_at: undefined }, preview("final")));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: create.id, kind: "create", idempotencyKey: create.idempotencyKey, preview: { content: "final" } });
    expect(items[0]!.request.body).toMatchObject({ content: "final", recorded_at: "2026-11-29T07:00:00.000Z" });
  });

  it("never changes the body of a create already tried: the edit waits behind it, naming its local id", () => {
    const create = sentOnce({ ...createItem(queue, body("draft"), preview("draft")), order: 1 });
    const edit = updateItem(queue, { id: create.entryId, updated_at: "x" }, { content: "final" }, preview("final"));
    const { put, remove } = planAdd([create], edit);
    expect(remove).toEqual([]);
    expect(put).toEqual([{ ...edit, order: 2 }]);
  });

  it("cancels an unsent create and its edits when the entry is deleted", () => {
    const create = createItem(queue, body("draft"), preview("draft"));
    const items = queued(
      create,
      updateItem(queue, { id: create.entryId, updated_at: "x" }, { content: "final" }, preview("final")),
      deleteItem(queue, { id: create.entryId, updated_at: "x" }, preview("final")),
    );
    expect(items).toEqual([]);
  });

  it("drops unsent edits of a server entry that is then deleted, expecting the entry as it was first read", () => {
    const items = queued(
      updateItem(queue, read, { content: "edited" }, preview("edited")),
      deleteItem(queue, { id: serverId, updated_at: "2026-11-29T11:00:00.000Z" }, preview("edited")),
    );
    expect(items.map((item) => [item.kind, item.request.ifMatch])).toEqual([["delete", read.updated_at]]);
  });

  it("folds two unsent edits of an entry into the first, keeping the version it was read at", () => {
    const items = queued(updateItem(queue, read, { content: "one", tags: ["a"] }, preview("one")), updateItem(queue, read, { content: "two" }, preview("two")));
    expect(items).toHaveLength(1);
    expect(items[0]!.request).toMatchObject({ ifMatch: read.updated_at, body: { content: "two", tags: ["a"] } });
  });

  it("keeps a timer's start and stop apart, the stop naming the start's local id", () => {
    const start = timerStartItem(queue, {}, preview("Timer"), Date.parse("2026-11-29T09:00:00.000Z"));
    const items = queued(start, timerStopItem(queue, start.entryId, Date.parse("2026-11-29T09:30:00.000Z")));
    expect(items.map((item) => item.kind)).toEqual(["timer.start", "timer.stop"]);
    expect(items[0]!.request.body).toMatchObject({ started_at: "2026-11-29T09:00:00.000Z" });
    expect(items[1]!.request.body).toEqual({ stopped_at: "2026-11-29T09:30:00.000Z", entry_id: start.entryId });
  });
});

describe("sending order", () => {
  it("sends the first waiting item, a stale `sending` one included", () => {
    const items = queued(createItem(queue, body("one"), preview("one")), createItem(queue, body("two"), preview("two")));
    expect(nextToSend(items)).toBe(items[0]);
    expect(nextToSend([{ ...items[0]!, state: "sending", attempts: 1 }, items[1]!])?.id).toBe(items[0]!.id);
  });

  it("passes a refused item by, but holds the later changes of its entry", () => {
    const create = createItem(queue, body("draft"), preview("draft"));
    const first: OutboxItem = { ...sentOnce({ ...create, order: 1 }), state: "failed", message: "Invalid value" };
    const edit = { ...updateItem(queue, { id: create.entryId, updated_at: "x" }, { content: "e" }, preview("e")), order: 2 };
    const other = { ...createItem(queue, body("other"), preview("other")), order: 3 };
    const items = [first, edit, other];
    expect(heldBy(items, edit)).toBe(first);
    expect(nextToSend(items)).toBe(other);
  });

  it("holds a change of a local entry whose create is gone", () => {
    const orphan = { ...updateItem(queue, { id: "local-gone", updated_at: "x" }, { content: "e" }, preview("e")), order: 1 };
    expect(heldBy([orphan], orphan)).toBe("unknown entry");
    expect(nextToSend([orphan])).toBeUndefined();
  });

  it("after a create's answer, names its entry by the server's id in the later items, with the new version to expect", () => {
    const start = timerStartItem(queue, {}, preview("Timer"));
    const items = queued(start, timerStopItem(queue, start.entryId, Date.now()));
    const [sent, stop] = [sentOnce(items[0]!), items[1]!];
    const [changed] = afterAnswer(items, sent, read);
    expect(changed).toMatchObject({ id: stop.id, entryId: serverId, request: { path: "/worklog/timer/stop", body: { entry_id: serverId } } });

    const create = createItem(queue, body("draft"), preview("draft"));
    const tried = sentOnce({ ...create, order: 1 });
    const edit = { ...updateItem(queue, { id: create.entryId, updated_at: "x" }, { content: "e" }, preview("e")), order: 2 };
    expect(afterAnswer([tried, edit], tried, read)).toEqual([
      { ...edit, entryId: serverId, request: { ...edit.request, path: `/worklog/entries/${serverId}`, ifMatch: read.updated_at } },
    ]);
    expect(afterAnswer([tried, edit], tried, undefined)).toEqual([]);
  });

  it("discards the later changes of an entry made here with its create, and nothing else", () => {
    const create = sentOnce({ ...createItem(queue, body("draft"), preview("draft")), order: 1 });
    const edit = { ...updateItem(queue, { id: create.entryId, updated_at: "x" }, { content: "e" }, preview("e")), order: 2 };
    const other = { ...createItem(queue, body("other"), preview("other")), order: 3 };
    expect(discardedWith([create, edit, other], create)).toEqual([create, edit]);
    expect(discardedWith([create, edit, other], edit)).toEqual([edit]);
  });

  it("marks items older than the server's idempotency window", () => {
    const item = { ...createItem(queue, body("old"), preview("old"), 0), order: 1 };
    expect(isExpired(item, idempotencyWindowMs)).toBe(false);
    expect(isExpired(item, idempotencyWindowMs + 1)).toBe(true);
    expect(attempted(item)).toBe(false);
  });

  it("waits longer after each failed run, at most a minute", () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([1000, 2000, 4000, 60_000]);
  });
});

describe("answers", () => {
  it("tells done, retry, sign-in, conflict and failed apart", () => {
    expect([201, 200, 503, 500, 429, 409, 401, 412].map((status) => outcomeOf(status, undefined).kind)).toEqual([
      "done",
      "done",
      "retry",
      "retry",
      "retry",
      "retry",
      "sign-in",
      "conflict",
    ]);
    expect(outcomeOf(404, { error: { message: "Could not find the requested resource", type: "not_found_error" } })).toEqual({
      kind: "failed",
      message: "Could not find the requested resource",
    });
  });

  it("reads the server's message from the general body or a 422's first problem", () => {
    const invalid = { errors: [{ title: "Invalid value", detail: "Invalid value", source: { pointer: "/project_id" } }] };
    expect(serverMessage(invalid, 422)).toBe("project_id: Invalid value");
    expect(
      serverMessage({ errors: [{ title: "Invalid value", detail: "Idempotency-Key was used with a different request", source: { pointer: "" } }] }, 422),
    ).toBe("Idempotency-Key was used with a different request");
    expect(serverMessage("<html>", 418)).toBe("The server refused this change (418).");
  });
});
