// A change of the worklog made while the server could not be reached, kept in the outbox
// (README "Offline and installing") until it is sent. Plain data: stored as it is in IndexedDB.

export type OutboxKind = "create" | "update" | "delete" | "timer.start" | "timer.stop";

/** `sending`: tried, its answer not yet read; `failed`: refused, with the server's message; `conflict`: the entry changed on the server since it was read. */
export type OutboxState = "pending" | "sending" | "failed" | "conflict";

/** What the worklog shows of an entry: as the person wrote it (a change waiting to be sent), or as the server has it (a conflict's other side). */
export type EntryPreview = {
  content: string;
  recorded_at: string;
  duration_seconds: number | null;
  tags: string[];
  project: { id: string; name: string; identifier: string } | null;
  running: boolean;
};

/** An entry as the API answers it (docs/api.md, "Resources"), as far as the outbox reads it. */
export type ServerEntry = EntryPreview & { id: string; updated_at: string };

/** The request an item sends, under /api/v1: never changed once tried, since the server keeps its answer under the item's key. */
export type OutboxRequest = {
  method: "POST" | "PUT" | "DELETE";
  path: string;
  body?: Record<string, unknown>;
  /** The entry's `updated_at` as the person read it, sent as `If-Match`. */
  ifMatch?: string;
};

export type OutboxItem = {
  id: string;
  /** The queue it waits in: one per user and workspace (queueKey). */
  queue: string;
  /** Its place in the queue: items are sent in this order. */
  order: number;
  kind: OutboxKind;
  /** The entry it makes or changes: the server's id, or the local id (`local-…`) of one made here that the server has not answered yet. */
  entryId: string;
  request: OutboxRequest;
  /** Made when the person acted, sent with every try (docs/api.md, "Idempotency-Key"). */
  idempotencyKey: string;
  /** When the person acted, in ms since the epoch. */
  createdAt: number;
  state: OutboxState;
  attempts: number;
  /** Why it failed, or why its last try did not get through. */
  message?: string;
  /** The entry as the server has it, for a conflict. */
  serverVersion?: ServerEntry;
  /** The entry as this change leaves it (create, update, timer start), what the worklog shows while it waits. */
  preview?: EntryPreview;
};

/** An item as the page makes it; the store gives it its queue's order. */
export type NewOutboxItem = Omit<OutboxItem, "order">;

export type QueueId = { userId: string; workspace: string };

/** One queue per user and workspace: the key items are stored under. A user id holds no space. */
export const queueKey = ({ userId, workspace }: QueueId): string => `${userId} ${workspace}`;

export function queueIdOf(key: string): QueueId {
  const space = key.indexOf(" ");
  return { userId: key.slice(0, space), workspace: key.slice(space + 1) };
}

const localPrefix = "local-";

/** The id an entry or a timer made offline goes by until the server answers with its own. */
export const newLocalId = (): string => `${localPrefix}${crypto.randomUUID()}`;

export const isLocalId = (id: string): boolean => id.startsWith(localPrefix);

type ItemFields = Pick<OutboxItem, "kind" | "entryId" | "request"> & Partial<Pick<OutboxItem, "preview">>;

/** A new item for `queue`, with its key made now, when the person acted. */
export function newOutboxItem(queue: QueueId, fields: ItemFields, now = Date.now()): NewOutboxItem {
  return {
    id: crypto.randomUUID(),
    queue: queueKey(queue),
    idempotencyKey: crypto.randomUUID(),
    createdAt: now,
    state: "pending",
    attempts: 0,
    ...fields,
  };
}

/**
 * The item sent again in place of `item` (Edit, Keep mine, Send again): a new item with a new key,
 * in the same place of the queue, its request changed as given.
 */
export function resentItem(item: OutboxItem, request: Partial<OutboxRequest> = {}, preview = item.preview, now = Date.now()): OutboxItem {
  return {
    ...item,
    id: crypto.randomUUID(),
    idempotencyKey: crypto.randomUUID(),
    createdAt: now,
    state: "pending",
    attempts: 0,
    message: undefined,
    serverVersion: undefined,
    request: { ...item.request, ...request },
    preview,
  };
}

/** Whether the item has been sent at least once: its request may no longer change. */
export const attempted = (item: OutboxItem): boolean => item.attempts > 0;

/** Whether it waits to be sent (a `sending` item whose sender went away is sent again). */
export const waiting = (item: OutboxItem): boolean => item.state === "pending" || item.state === "sending";

/** Whether it needs the person: refused, or in conflict. */
export const needsReview = (item: OutboxItem): boolean => item.state === "failed" || item.state === "conflict";
