// Background Sync: where the browser has it, the service worker sends the outbox once the
// connection is back, even after the page was closed (its `sync` event runs replayAllOutboxes).

export const backgroundSyncTag = "worklog-outbox";

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks for a sync, if a service worker controls the page and the browser syncs; otherwise the page sends when it is back online. */
export async function requestBackgroundSync(): Promise<void> {
  const registration = (await globalThis.navigator?.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
  await registration?.sync?.register(backgroundSyncTag).catch(() => undefined);
}
