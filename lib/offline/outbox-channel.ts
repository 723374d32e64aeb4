// Tells every page of the browser (the service worker included) that a queue changed, so that they
// read it again: a BroadcastChannel reaches the other contexts and the other channels of this one.
const channelName = "worklog-outbox";

export type OutboxMessage = {
  queue: string;
  /** A sender met a 401: the person must sign in again before anything is sent. */
  signIn?: boolean;
  /** An item was saved: what the page shows of the server may have changed. */
  sent?: boolean;
};

export function announceOutboxChange(message: OutboxMessage): void {
  if (typeof BroadcastChannel === "undefined") return;
  const channel = new BroadcastChannel(channelName);
  channel.postMessage(message);
  channel.close();
}

/** Calls `listener` with every change announced; returns what stops listening. */
export function onOutboxChange(listener: (message: OutboxMessage) => void): () => void {
  if (typeof BroadcastChannel === "undefined") return () => undefined;
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = ({ data }: MessageEvent<OutboxMessage>) => listener(data);
  return () => channel.close();
}
