// What the service worker's `sync` event runs (tag backgroundSyncTag): every queue of the browser.
import { queueIdOf } from "./outbox-item";
import { sendQueue } from "./outbox-sender";
import { queueKeys } from "./outbox-store";

/**
 * Sends every queue's items. Rejects when a queue must be tried again (no connection, the server
 * failing), so that the browser fires the sync again later; a queue waiting for its user to sign
 * in again waits for a page, where the person is asked to.
 */
export async function replayAllOutboxes(): Promise<void> {
  const results = [];
  for (const key of await queueKeys()) results.push(await sendQueue(queueIdOf(key)));
  if (results.includes("retry")) throw new Error("Some of the outbox's changes could not be sent yet.");
}
