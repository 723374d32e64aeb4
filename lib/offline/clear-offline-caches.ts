// What signing out leaves of the offline worklog: no cached page. (README "Offline and installing")

/** Deletes every Cache Storage cache of the site and tells the service worker that the user signed out. */
export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches !== "undefined") await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
  globalThis.navigator?.serviceWorker?.controller?.postMessage({ type: "worklog:sign-out" });
}
