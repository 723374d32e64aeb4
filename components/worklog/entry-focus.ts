"use client";

import { useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { focusTargets } from "@/components/focus-targets";
import type { EntryView } from "@/lib/worklog/views";

/** Where focus goes once an entry leaves the list: the next entry, else the one before, else the composer. */
export function focusAfterRemoving(entryId: string) {
  const articles = [...document.querySelectorAll<HTMLElement>("article[data-entry-id]")];
  const index = articles.findIndex((article) => article.dataset.entryId === entryId);
  const next = articles[index + 1] ?? articles[index - 1];
  return () => (next?.isConnected ? next : document.getElementById(focusTargets.newEntry))?.focus();
}

/**
 * The entry a link opened, while the URL still names it: the list's pages are loaded until it is
 * there, then it is scrolled to the middle of the window and given the focus, once.
 */
export function useLinkedEntry(linkedEntryId: string | undefined, shown: EntryView[], more: { hasNextPage: boolean; isFetching: boolean; fetchNextPage: () => unknown }) {
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
    const article = document.querySelector<HTMLElement>(`article[data-entry-id="${linked}"]`);
    article?.scrollIntoView({ block: "center" });
    article?.focus({ preventScroll: true });
  }, [loaded, linked]);
  return linked;
}
