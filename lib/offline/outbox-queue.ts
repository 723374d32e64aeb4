// The outbox's rules on one queue's items, apart from where they are stored: how a new change
// joins the queue, which item goes next, and what a sent item's answer changes in the items after it.
import { attempted, isLocalId, needsReview, waiting, type NewOutboxItem, type OutboxItem } from "./outbox-item";

/** How long the server keeps an Idempotency-Key's answer (docs/api.md, "Idempotency-Key"): an older item is not sent again blindly. */
export const idempotencyWindowMs = 7 * 24 * 60 * 60 * 1000;

export const expiredMessage =
  "This change waited more than 7 days, longer than the server remembers it: it may or may not have been saved. Check the worklog, then send it again or discard it.";

/** Items in the order they are sent. */
export const inOrder = (items: OutboxItem[]): OutboxItem[] => [...items].sort((a, b) => a.order - b.order);

/** What to write to the store: items to put (new or changed) and ids to delete. */
export type QueueChange = { put: OutboxItem[]; remove: string[] };

/** Undefined fields are "unchanged" in a form's body: they leave the earlier body's value. */
function mergedBody(earlier: Record<string, unknown> | undefined, later: Record<string, unknown> | undefined) {
  const merged = { ...earlier };
  for (const [field, value] of Object.entries(later ?? {})) if (value !== undefined) merged[field] = value;
  return merged;
}

/**
 * How a new change joins the queue. A change of an entry whose earlier changes are not sent yet
 * is folded into them (an edit into the create or the edit before it; a delete cancels a create
 * and the edits before it), since those were never tried; otherwise it is added at the end.
 */
export function planAdd(items: OutboxItem[], added: NewOutboxItem): QueueChange {
  const ordered = inOrder(items);
  const item: OutboxItem = { ...added, order: (ordered.at(-1)?.order ?? 0) + 1 };
  const ofEntry = ordered.filter((other) => other.entryId === item.entryId);
  const last = ofEntry.at(-1);
  if (item.kind === "update" && last && !attempted(last) && waiting(last) && (last.kind === "create" || last.kind === "update")) {
    const body = mergedBody(last.request.body, item.request.body);
    return { put: [{ ...last, request: { ...last.request, body }, preview: item.preview }], remove: [] };
  }
  if (item.kind === "delete") {
    const remove: string[] = [];
    let ifMatch = item.request.ifMatch;
    for (const earlier of ofEntry.reverse()) {
      if (attempted(earlier) || !waiting(earlier)) break;
      if (earlier.kind === "create") return { put: [], remove: [...remove, earlier.id] };
      if (earlier.kind !== "update") break;
      remove.push(earlier.id);
      ifMatch = earlier.request.ifMatch;
    }
    return { put: [{ ...item, request: { ...item.request, ifMatch } }], remove };
  }
  return { put: [item], remove: [] };
}

/** The item that made the entry (or started the timer) a local id names. */
const makes = (item: OutboxItem) => item.kind === "create" || item.kind === "timer.start";

/**
 * Why `item` cannot be sent yet, or undefined: an earlier change of its entry needs the person,
 * or its entry was made here by a change that is gone (the server would not know it).
 */
export function heldBy(items: OutboxItem[], item: OutboxItem): OutboxItem | "unknown entry" | undefined {
  const earlier = inOrder(items).filter((other) => other.order < item.order && other.entryId === item.entryId);
  const blocking = earlier.find(needsReview);
  if (blocking) return blocking;
  if (isLocalId(item.entryId) && !makes(item) && !earlier.some(makes)) return "unknown entry";
  return undefined;
}

/** The next item to send: the first waiting one that nothing holds. */
export function nextToSend(items: OutboxItem[]): OutboxItem | undefined {
  return inOrder(items).find((item) => waiting(item) && heldBy(items, item) === undefined);
}

export const isExpired = (item: OutboxItem, now: number): boolean => now - item.createdAt > idempotencyWindowMs;

/** The entry an answer names: a create's, an edit's or a delete's body, or a timer's `timer`. */
export function answeredEntry(body: unknown): { id: string; updated_at: string } | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const entry = "timer" in body ? body.timer : body;
  if (typeof entry !== "object" || entry === null || !("id" in entry) || !("updated_at" in entry)) return undefined;
  return typeof entry.id === "string" && typeof entry.updated_at === "string" ? { id: entry.id, updated_at: entry.updated_at } : undefined;
}

/**
 * The later items of the entry `sent` changed, once the server answered with that entry: they
 * name it by the server's id, and expect it as it now is (`If-Match`). They were never tried
 * (items are sent in order, and an entry's later items wait behind its earlier ones), so their
 * requests may still change.
 */
export function afterAnswer(items: OutboxItem[], sent: OutboxItem, entry: { id: string; updated_at: string } | undefined): OutboxItem[] {
  if (!entry) return [];
  return inOrder(items)
    .filter((item) => item.order > sent.order && item.entryId === sent.entryId && !attempted(item))
    .map((item) => {
      const { path, body, ifMatch } = item.request;
      return {
        ...item,
        entryId: entry.id,
        request: {
          ...item.request,
          path: path.replace(sent.entryId, entry.id),
          body: body && body.entry_id === sent.entryId ? { ...body, entry_id: entry.id } : body,
          ifMatch: ifMatch === undefined ? undefined : entry.updated_at,
        },
      };
    });
}

/** The items that go with `item` when it is discarded: the later changes of an entry it made here, which the server will never know. */
export function discardedWith(items: OutboxItem[], item: OutboxItem): OutboxItem[] {
  if (!makes(item) || !isLocalId(item.entryId)) return [item];
  return [item, ...items.filter((other) => other.order > item.order && other.entryId === item.entryId)];
}

/** The first retry waits a second, each next one twice as long, at most a minute. */
export const retryDelayMs = (failedRuns: number): number => Math.min(1000 * 2 ** Math.max(0, failedRuns - 1), 60_000);
