"use client";

import { onlineManager } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from "react";
import { preloadToasts } from "@/components/ui/toast";
import { requestBackgroundSync } from "@/lib/offline/background-sync";
import { announceOutboxChange, onOutboxChange } from "@/lib/offline/outbox-channel";
import {
  isLocalId,
  queueKey,
  resentItem,
  waiting,
  type EntryPreview,
  type NewOutboxItem,
  type OutboxItem,
  type OutboxRequest,
  type QueueId,
} from "@/lib/offline/outbox-item";
import { discardedWith, inOrder, type QueueChange } from "@/lib/offline/outbox-queue";
import type { SendResult } from "@/lib/offline/outbox-sender";
import { addToQueue, changeQueue, openOutbox, readQueue } from "@/lib/offline/outbox-store";
import type { EntryView } from "@/lib/worklog/views";
import { browserOffline, useOnline } from "./use-online";
import { useOutboxSender } from "./use-outbox-sender";

/** Who writes, where: what the layout knows of the signed-in user and the page's workspace. */
export type OutboxSettings = { userId: string; userName: string | null; workspace: string; timeZone: string };

export type OutboxControls = {
  queue: QueueId;
  timeZone: string;
  /** The author of the entries made here, as the list shows them. */
  author: EntryView["author"];
  /** The queue's items, in the order they are sent. */
  items: OutboxItem[];
  online: boolean;
  sending: boolean;
  /** The session ended: nothing is sent until the person signs in again. */
  signInNeeded: boolean;
  /** Grows each time an item was saved: what the page read from the server may have changed. */
  sentCount: number;
  /** Adds a change (folded into the unsent changes of its entry, planAdd) and sends the queue if online. */
  add: (item: NewOutboxItem) => Promise<QueueChange>;
  /** Removes the item and the later changes of an entry it made here; the number removed. */
  discard: (item: OutboxItem) => Promise<number>;
  /** Sends the item again in its place, as a new item with a new key (Edit, Keep mine, Send again). */
  resend: (item: OutboxItem, request?: Partial<OutboxRequest>, preview?: EntryPreview) => Promise<void>;
  sendNow: () => void;
  /** Whether a change of the entry (a new one: no id) goes to the outbox: offline, or earlier changes of it wait there. */
  mustQueue: (entryId?: string) => boolean;
  /** Whether a start or stop of the timer goes to the outbox: offline, or an earlier start or stop waits there. */
  timerMustQueue: () => boolean;
};

const Context = createContext<OutboxControls | null>(null);

/**
 * The signed-in user's outbox in the page's workspace (README "Offline and installing"): its items
 * as IndexedDB holds them, read again whenever a page or the service worker changes them, and its
 * sender, which runs when the page starts, when the connection comes back and after each change.
 */
export function OutboxProvider({ settings, children }: { settings: OutboxSettings; children: ReactNode }) {
  const { userId, userName, workspace, timeZone } = settings;
  const queue = useMemo(() => ({ userId, workspace }), [userId, workspace]);
  const key = queueKey(queue);
  const [items, setItems] = useState<OutboxItem[]>([]);
  const [signInNeeded, setSignInNeeded] = useState(false);
  const [sentCount, setSentCount] = useState(0);
  const online = useOnline();
  // After a sign-out in this page deleted the outbox, the next user's pages use it again (before the sender's effect below runs).
  useEffect(openOutbox, [key]);

  const reload = useCallback(
    () =>
      readQueue(key).then(
        (stored) => setItems(inOrder(stored)),
        (error: unknown) => console.error("The outbox could not be read", error),
      ),
    [key],
  );
  const onResult = useCallback((result: SendResult) => setSignInNeeded(result === "sign-in"), []);
  const { sending, send } = useOutboxSender(queue, onResult);

  useEffect(() => {
    // react-query takes the browser as online until an `offline` event: a page opened offline (from the cache) is not.
    onlineManager.setOnline(navigator.onLine);
    // Offline, the toasts' code could no longer be fetched to say that a change waits.
    preloadToasts();
    void reload();
    return onOutboxChange((message) => {
      if (message.queue !== key) return;
      void reload();
      if (message.signIn !== undefined) setSignInNeeded(message.signIn);
      if (message.sent) setSentCount((count) => count + 1);
    });
  }, [key, reload]);

  const changed = useCallback(async () => {
    announceOutboxChange({ queue: key });
    await reload();
  }, [key, reload]);

  const add = useCallback(
    async (item: NewOutboxItem) => {
      const change = await addToQueue(item);
      await changed();
      send();
      void requestBackgroundSync();
      return change;
    },
    [changed, send],
  );

  const discard = useCallback(
    async (item: OutboxItem) => {
      const change = await changeQueue(key, (stored) => {
        const current = stored.find((candidate) => candidate.id === item.id);
        return { put: [], remove: current ? discardedWith(stored, current).map(({ id }) => id) : [] };
      });
      await changed();
      return change.remove.length;
    },
    [key, changed],
  );

  const resend = useCallback(
    async (item: OutboxItem, request?: Partial<OutboxRequest>, preview?: EntryPreview) => {
      await changeQueue(key, (stored) => {
        const current = stored.find((candidate) => candidate.id === item.id);
        return current ? { put: [resentItem(current, request, preview ?? current.preview)], remove: [current.id] } : { put: [], remove: [] };
      });
      await changed();
      send();
    },
    [key, changed, send],
  );

  const controls = useMemo<OutboxControls>(
    () => ({
      queue,
      timeZone,
      author: { id: userId, name: userName },
      items,
      online,
      sending,
      signInNeeded,
      sentCount,
      add,
      discard,
      resend,
      sendNow: send,
      mustQueue: (entryId) =>
        browserOffline() || (entryId !== undefined && (isLocalId(entryId) || items.some((item) => item.entryId === entryId && waiting(item)))),
      timerMustQueue: () => browserOffline() || items.some((item) => waiting(item) && (item.kind === "timer.start" || item.kind === "timer.stop")),
    }),
    [queue, timeZone, userId, userName, items, online, sending, signInNeeded, sentCount, add, discard, resend, send],
  );
  return <Context.Provider value={controls}>{children}</Context.Provider>;
}

/** The signed-in user's outbox; null where there is none (signed out, or a viewer, who writes nothing). */
export function useOutbox(): OutboxControls | null {
  return useContext(Context);
}

/** Calls `onSent` each time the outbox saved something (not when the page first shows). */
export function useOutboxSent(onSent: () => void) {
  const sentCount = useOutbox()?.sentCount ?? 0;
  const seen = useRef(sentCount);
  const sent = useEffectEvent(onSent);
  useEffect(() => {
    if (seen.current === sentCount) return;
    seen.current = sentCount;
    sent();
  }, [sentCount]);
}
