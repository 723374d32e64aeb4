// The outbox in IndexedDB: one database for the browser, its items keyed by id and read per queue
// in order. Every change of a queue reads and writes it in one transaction, so a page, another
// tab and the service worker never undo each other's changes.
import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { NewOutboxItem, OutboxItem } from "./outbox-item";
import { planAdd, type QueueChange } from "./outbox-queue";

export const outboxDatabaseName = "worklog-outbox";

interface OutboxSchema extends DBSchema {
  items: { key: string; value: OutboxItem; indexes: { queue: [string, number] } };
}

let opening: Promise<IDBPDatabase<OutboxSchema>> | undefined;
/** Deleted when signing out: not made again by a sender still running in this page until an outbox opens it anew (openOutbox). */
let deleted = false;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  if (deleted) return Promise.reject(new Error("The outbox was deleted when signing out."));
  opening ??= openDB<OutboxSchema>(outboxDatabaseName, 1, {
    upgrade(db) {
      db.createObjectStore("items", { keyPath: "id" }).createIndex("queue", ["queue", "order"]);
    },
    // Another page deletes the database (signing out) or opens a newer version: let it.
    blocking() {
      void opening?.then((db) => db.close());
      opening = undefined;
    },
    terminated() {
      opening = undefined;
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

const queueRange = (queue: string) => IDBKeyRange.bound([queue, -Infinity], [queue, Infinity]);

/** Lets the outbox be used again in this page after it was deleted: a user signed in (again). */
export function openOutbox(): void {
  deleted = false;
}

/** The queue's items, in the order they are sent. */
export async function readQueue(queue: string): Promise<OutboxItem[]> {
  return (await database()).getAllFromIndex("items", "queue", queueRange(queue));
}

/** The keys of the queues that hold items. */
export async function queueKeys(): Promise<string[]> {
  const items = await (await database()).getAll("items");
  return [...new Set(items.map((item) => item.queue))];
}

/** Every item of every queue: what signing out would lose. */
export async function countItems(): Promise<number> {
  return (await database()).count("items");
}

/** Reads the queue and writes what `plan` makes of it, in one transaction; returns the change. */
export async function changeQueue(queue: string, plan: (items: OutboxItem[]) => QueueChange): Promise<QueueChange> {
  const transaction = (await database()).transaction("items", "readwrite");
  const items = await transaction.store.index("queue").getAll(queueRange(queue));
  const change = plan(items);
  await Promise.all([...change.put.map((item) => transaction.store.put(item)), ...change.remove.map((id) => transaction.store.delete(id)), transaction.done]);
  return change;
}

/** Adds a change to its queue: at the end, or folded into the unsent changes of its entry (planAdd). */
export function addToQueue(item: NewOutboxItem): Promise<QueueChange> {
  return changeQueue(item.queue, (items) => planAdd(items, item));
}

/** Changes one item, if it is still there; `change` sees it as stored now. */
export async function changeItem(item: OutboxItem, change: (stored: OutboxItem) => OutboxItem): Promise<OutboxItem | undefined> {
  let changed: OutboxItem | undefined;
  await changeQueue(item.queue, (items) => {
    const stored = items.find((candidate) => candidate.id === item.id);
    changed = stored && change(stored);
    return { put: changed ? [changed] : [], remove: [] };
  });
  return changed;
}

/** Forgets every queue, e.g. when signing out; open connections close themselves (`blocking`). */
export async function deleteOutboxDatabase(): Promise<void> {
  deleted = true;
  const open = opening;
  opening = undefined;
  await open?.then((db) => db.close()).catch(() => undefined);
  await deleteDB(outboxDatabaseName);
}
