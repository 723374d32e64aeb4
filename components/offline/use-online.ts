"use client";

import { useSyncExternalStore } from "react";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser says it is online; the server's render, and hydration, take it as online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Whether the browser says it has no connection: a write then goes to the outbox without trying the server. */
export const browserOffline = (): boolean => typeof navigator !== "undefined" && !navigator.onLine;

/** Whether a request failed for want of a connection (fetch's TypeError), not because the server answered. */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;
