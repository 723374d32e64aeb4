"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { focusTargets } from "@/components/keyboard/focus-targets";
import type { EntryView } from "@/lib/worklog/views";
import { focusRow, listedRows } from "./entry-rows";

/** Where focus goes once an entry leaves the list: the next entry, else the one before, else the composer. */
export function focusAfterRemoving(entryId: string) {
  return focusAfterLeaving(listedRows(), (row) => row.dataset.entryId === entryId);
}

/** Where focus goes once the row `leaving` picks is gone from `rows`: the next one, else the one before, else the composer. */
export function focusAfterLeaving(rows: HTMLElement[], leaving: (row: HTMLElement) => boolean) {
  const index = rows.findIndex(leaving);
  const next = rows[index + 1] ?? rows[index - 1];
  return () => (next?.isConnected ? next : document.getElementById(focusTargets.newEntry))?.focus();
}

/**
 * Takes the focus out of a toast (its Undo was pressed) at once. Sonner gives the focus back to
 * what had it before the toast when its list closes, which would otherwise come after, and undo,
 * the focus that the change's end gives to the entry.
 */
export function leaveToast(): void {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active.closest("[data-sonner-toaster]")) active.blur();
}

/**
 * Focuses the entry once the worklog shows it (after a change that reads the list again: a
 * suggestion logged, a deletion undone), else the composer: never the page's body.
 */
export function focusEntryWhenShown(entryId: string | undefined): void {
  let frames = 0;
  const attempt = () => {
    if (entryId && focusRow(entryId)) return;
    if (entryId && ++frames < 120) requestAnimationFrame(attempt);
    else document.getElementById(focusTargets.newEntry)?.focus();
  };
  requestAnimationFrame(attempt);
}

/**
 * The entry a link opened, while the URL still names it: the list's pages are loaded until it is
 * there, then it is scrolled to the middle of the window and given the focus, once.
 */
export function useLinkedEntry(
  linkedEntryId: string | undefined,
  shown: EntryView[],
  more: { hasNextPage: boolean; isFetching: boolean; fetchNextPage: () => unknown },
) {
  const linked = useSearchParams().get("entry") === linkedEntryId ? linkedEntryId : undefined;
  const loaded = linked !== undefined && shown.some((entry) => entry.id === linked);
  const revealed = useRef(false);
  const { hasNextPage, isFetching, fetchNextPage } = more;
  useEffect(() => {
    if (linked && !loaded && hasNextPage && !isFetching) fetchNextPage();
  }, [linked, loaded, hasNextPage, isFetching, fetchNextPage]);
  useEffect(() => {
    if (!loaded || revealed.current) return;
    revealed.current = true;
    if (linked) focusRow(linked, "center");
  }, [loaded, linked]);
  return linked;
}
