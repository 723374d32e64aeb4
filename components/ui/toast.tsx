"use client";

import { useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";

type Sonner = typeof import("sonner");

let loading: Promise<Sonner> | undefined;
let loaded: Sonner | undefined;
const onLoaded = new Set<() => void>();

/** sonner, fetched with the first toast: no page's first scripts carry it. A fetch that failed (offline) is tried again next time. */
function loadSonner(): Promise<Sonner> {
  loading ??= import("sonner").then(
    (sonner) => {
      loaded = sonner;
      onLoaded.forEach((notify) => notify());
      return sonner;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Fetches sonner ahead of the first toast, e.g. while online, for a toast to say that a change made offline waits. */
export function preloadToasts(): void {
  loadSonner().catch(() => undefined);
}

function subscribeToLoad(notify: () => void) {
  onLoaded.add(notify);
  return () => void onLoaded.delete(notify);
}

/** Shows a toast (sonner's `toast`); the toaster takes it when it mounts, if it is not there yet. */
export const toast = Object.assign((message: string, options?: ExternalToast) => void loadSonner().then((sonner) => sonner.toast(message, options)), {
  success: (message: string, options?: ExternalToast) => void loadSonner().then((sonner) => sonner.toast.success(message, options)),
  error: (message: string, options?: ExternalToast) => void loadSonner().then((sonner) => sonner.toast.error(message, options)),
});

/** Where toasts show, at the bottom of the window; mounted once the first toast has loaded sonner. */
export function Toasts() {
  const sonner = useSyncExternalStore(
    subscribeToLoad,
    () => loaded,
    () => undefined,
  );
  if (!sonner) return null;
  const { Toaster } = sonner;
  return <Toaster position="bottom-center" theme="system" richColors={false} closeButton toastOptions={{ duration: 6000 }} />;
}
