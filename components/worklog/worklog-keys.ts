"use client";

import { useShortcuts } from "@/components/keyboard/use-shortcuts";
import { focusRow, isEntryRow, listedRows, rowOf } from "./entry-rows";

type WorklogKeys = {
  composerId: string;
  searchId: string;
  onEdit: (entryId: string) => void;
  onSelect: (entryId: string) => void;
  /** Escape with nothing else to close: the selection is cleared. */
  onEscape: () => void;
  onShowShortcuts: () => void;
};

/** Focuses the element, scrolled into view; false when there is none. */
function focusElement(element: HTMLElement | null | undefined): boolean {
  if (!element) return false;
  element.focus();
  element.scrollIntoView({ block: "nearest" });
  return true;
}

/** Acts on the entry holding the focus (itself or one of its buttons); false when none does. */
function onFocusedEntry(act: (entryId: string) => void): boolean {
  const entryId = rowOf(document.activeElement)?.dataset.entryId;
  if (!entryId) return false;
  act(entryId);
  return true;
}

/** Focuses the next entry (or the previous one), from the one in focus; the first one from none. */
function moveFocus(step: 1 | -1): boolean {
  const rows = listedRows();
  const current = rowOf(document.activeElement);
  const index = current ? rows.indexOf(current) : -1;
  const next = step === 1 ? rows[index + 1] : index === -1 ? rows[0] : rows[index - 1];
  return focusRow(next ?? current, "nearest");
}

/**
 * The worklog's single keys, as in Gmail or Linear: c writes a new entry, / goes to the search,
 * j and k move between entries, Enter or e edits the one in focus, x selects it, ? lists them all
 * (components/keyboard holds the guard: not while typing or with a dialog open).
 */
export function useWorklogKeys({ composerId, searchId, onEdit, onSelect, onEscape, onShowShortcuts }: WorklogKeys) {
  useShortcuts([
    { keys: ["c"], does: "Write a new entry", run: () => focusElement(document.getElementById(composerId)) },
    { keys: ["/"], does: "Search the entries", run: () => focusElement(document.getElementById(searchId)) },
    { keys: ["j", "k"], does: "Go to the next or the previous entry", run: (event) => moveFocus(event.key === "j" ? 1 : -1) },
    // Enter on one of the entry's buttons or links is theirs.
    {
      keys: ["Enter", "e"],
      does: "Edit the entry in focus (or click its text)",
      run: (event) => (event.key === "e" || isEntryRow(event.target)) && onFocusedEntry(onEdit),
    },
    { keys: ["Escape"], does: "Clear the selection", run: () => void onEscape() },
    { keys: ["x"], does: "Select or unselect the entry in focus (shift-click selects a range)", run: () => onFocusedEntry(onSelect) },
    { keys: ["?"], does: "Show these keys", run: () => void onShowShortcuts() },
  ]);
}
