import { PRECACHE_PREFIX, SIGN_OUT_MESSAGE, SIGNED_OUT_REPLY, type OfflineMessage } from "./protocol";

/**
 * Deletes what this browser keeps of the account for offline use, for signing out: every cache
 * but the service worker's precache (the build's scripts, styles and the offline page, the same
 * for everyone), and tells the worker to forget the account (`worklog:sign-out`,
 * lib/offline/protocol.ts). Resolves once the worker has answered that it is done, or at once
 * where no worker is active.
 */
export async function clearOfflineCaches(): Promise<void> {
  const worker = "serviceWorker" in navigator ? (await navigator.serviceWorker.getRegistration())?.active : undefined;
  const forgotten = worker ? tellWorker(worker) : Promise.resolve();
  if ("caches" in globalThis) {
    const names = (await caches.keys()).filter((name) => !name.startsWith(PRECACHE_PREFIX));
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  await forgotten;
}

function tellWorker(worker: ServiceWorker): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }: MessageEvent<{ type?: string }>) => {
      if (data?.type !== SIGNED_OUT_REPLY) return;
      channel.port1.close();
      resolve();
    };
    const message: OfflineMessage = { type: SIGN_OUT_MESSAGE };
    worker.postMessage(message, [channel.port2]);
  });
}
