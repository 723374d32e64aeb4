import { isNetworkError } from "./use-online";
import type { OutboxControls } from "./outbox-provider";
import type { NewOutboxItem } from "@/lib/offline/outbox-item";
import type { QueueChange } from "@/lib/offline/outbox-queue";

/** What a write answers when it went to the outbox instead of the server: the item, and how the queue took it. */
export type Queued = { queued: QueueChange; item: NewOutboxItem };

export const isQueued = (result: unknown): result is Queued => typeof result === "object" && result !== null && "queued" in result;

/**
 * Sends a write as the page does online (`send`, a server action), or puts `item()` in the outbox:
 * when `mustQueue` says so (offline, or earlier changes wait there), or when the action fails for
 * want of a connection. Without an outbox (none for this page), always `send`.
 */
export async function queueOrSend<Saved>(
  outbox: OutboxControls | null,
  mustQueue: boolean,
  send: () => Promise<Saved>,
  item: (outbox: OutboxControls) => NewOutboxItem,
): Promise<Saved | Queued> {
  if (!outbox) return send();
  const queue = async () => {
    const made = item(outbox);
    return { queued: await outbox.add(made), item: made };
  };
  if (mustQueue) return queue();
  try {
    return await send();
  } catch (error) {
    if (isNetworkError(error)) return queue();
    throw error;
  }
}
