"use client";

import { useEffect } from "react";

/** Whether the key went to something that takes typing: shortcuts leave those alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

function entryArticles(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>("article[data-entry-id]")];
}

/** The entry that holds focus (itself or one of its buttons), if any. */
function focusedEntry(): HTMLElement | undefined {
  return document.activeElement?.closest<HTMLElement>("article[data-entry-id]") ?? undefined;
}

type WorklogKeys = { composerId: string; searchId: string; onEdit: (entryId: string) => void };

/**
 * The worklog's single keys, as in Gmail or Linear: c writes a new entry, / goes to the search,
 * j and k move between entries, e edits the one in focus. Keys with modifiers, and keys typed
 * into fields or with a dialog open, are not theirs.
 */
export function useWorklogKeys({ composerId, searchId, onEdit }: WorklogKeys) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.metaKey || event.ctrlKey || event.altKey || isTypingTarget(event.target)) return;
      if (document.querySelector("dialog[open], [role=dialog]")) return;
      const focus = (element: HTMLElement | null | undefined) => {
        if (!element) return;
        event.preventDefault();
        element.focus();
        element.scrollIntoView({ block: "nearest" });
      };
      switch (event.key) {
        case "c":
          return focus(document.getElementById(composerId));
        case "/":
          return focus(document.getElementById(searchId));
        case "j":
        case "k": {
          const articles = entryArticles();
          const current = focusedEntry();
          const index = current ? articles.indexOf(current) : -1;
          const next = event.key === "j" ? articles[index + 1] : index === -1 ? articles[0] : articles[index - 1];
          return focus(next ?? current);
        }
        case "e": {
          const entryId = focusedEntry()?.dataset.entryId;
          if (!entryId) return;
          event.preventDefault();
          onEdit(entryId);
        }
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [composerId, searchId, onEdit]);
}
