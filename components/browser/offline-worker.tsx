"use client";

import { useEffect } from "react";
import { ACCOUNT_MESSAGE, type OfflineMessage } from "@/lib/offline/protocol";

/** Where the build writes the service worker (serwist.config.js); its scope is the whole app. */
const workerUrl = "/sw.js";

/**
 * Registers the service worker that opens pages offline (lib/offline/service-worker/worker.ts),
 * in a production build only: `next dev` serves no worker, and its pages must never come from one.
 * Then tells the worker which account this page was rendered for (`null`: a visitor), which is
 * whose cache the worker keeps the page in (lib/offline/protocol.ts).
 */
export function OfflineWorker({ userId }: { userId: string | null }) {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    void navigator.serviceWorker
      .register(workerUrl, { scope: "/" })
      .catch((error: unknown) => console.warn("The offline worker could not be registered", error));
  }, []);
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const message: OfflineMessage = { type: ACCOUNT_MESSAGE, userId };
    void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
  }, [userId]);
  return null;
}
