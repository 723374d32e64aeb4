import { useSyncExternalStore } from "react";

const unchanging = () => () => {};
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const unknownOnTheServer = () => undefined;

/** The browser's IANA time zone; undefined while the server renders and the page hydrates. */
export function useBrowserTimeZone(): string | undefined {
  return useSyncExternalStore(unchanging, browserTimeZone, unknownOnTheServer);
}
