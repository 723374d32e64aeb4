"use client";

import { useEffect } from "react";

/** Whether the key went to something that takes typing: shortcuts leave those alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** Every key of the worklog, as the `?` dialog lists them. */
export const worklogShortcuts: { keys: string[]; does: string }[] = [
  { keys: ["c"], does: "Write a new entry" },
  { keys: ["/"], does: "Search the entries" },
  { keys: ["j", "k"], does: "Go to the next or the previous entry" },
  { keys: ["Enter", "e"], does: "Edit the entry in focus (or click its text)" },
  { keys: ["Ctrl+Enter", "⌘+Enter"], does: "Save the entry being written or edited" },
  { keys: ["Escape"], does: "Cancel an edit; clear the selection" },
  { keys: ["x"], does: "Select or unselect the entry in focus (shift-click selects a range)" },
  { keys: ["t"], does: "Start or stop the timer" },
  { keys: ["Ctrl+K", "⌘K"], does: "Go to a page, project or repository, or run an action" },
  { keys: ["?"], does: "Show these keys" },
];

function entryArticles(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>("article[data-entry-id]")];
}

/** The entry that holds focus (itself or one of its buttons), if any. */
function focusedEntry(): HTMLElement | undefined {
  return document.activeElement?.closest<HTMLElement>("article[data-entry-id]") ?? undefined;
}

type WorklogKeys = {
  composerId: string;
  searchId: string;
  onEdit: (entryId: string) => void;
  onSelect: (entryId: string) => void;
  /** Escape with nothing else to close: the selection is cleared. */
  onEscape: () => void;
  onShowShortcuts: () => void;
};

/**
 * The worklog's single keys, as in Gmail or Linear (listed in `worklogShortcuts`): c writes a new
 * entry, / goes to the search, j and k move between entries, Enter or e edits the one in focus,
 * x selects it, ? lists them all. Keys with modifiers, and keys typed into fields or with a
 * dialog open, are not theirs.
 */
export function useWorklogKeys({ composerId, searchId, onEdit, onSelect, onEscape, onShowShortcuts }: WorklogKeys) {
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
      const onFocusedEntry = (act: (entryId: string) => void) => {
        const entryId = focusedEntry()?.dataset.entryId;
        if (!entryId) return;
        event.preventDefault();
        act(entryId);
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
        case "Enter":
          // Enter on one of the entry's buttons or links is theirs.
          if (event.target instanceof HTMLElement && event.target.matches("article[data-entry-id]")) onFocusedEntry(onEdit);
          return;
        case "e":
          return onFocusedEntry(onEdit);
        case "x":
          return onFocusedEntry(onSelect);
        case "?":
          event.preventDefault();
          return onShowShortcuts();
        case "Escape":
          return onEscape();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [composerId, searchId, onEdit, onSelect, onEscape, onShowShortcuts]);
}
