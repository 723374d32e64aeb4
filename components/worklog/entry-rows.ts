// The worklog's rows in the document: each entry is an <article data-entry-id>, each suggestion
// an <article data-suggestion-id>, listed in the order they are shown.

const entrySelector = "article[data-entry-id]";

/** The entries' rows, or with `suggestions` every row, suggestions too, in the order shown. */
export function listedRows({ suggestions = false } = {}): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(suggestions ? `article[data-suggestion-id], ${entrySelector}` : entrySelector)];
}

/** The entry's row, if it is shown. */
export function entryRow(entryId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`${entrySelector}[data-entry-id="${CSS.escape(entryId)}"]`);
}

/** The entry row `element` is or is inside of, e.g. the one holding the focus. */
export function rowOf(element: Element | null | undefined): HTMLElement | undefined {
  return element?.closest<HTMLElement>(entrySelector) ?? undefined;
}

/** Whether `element` is an entry's row itself, not one of its buttons or links. */
export function isEntryRow(element: EventTarget | null): element is HTMLElement {
  return element instanceof HTMLElement && element.matches(entrySelector);
}

/** Focuses the row (the entry's id, or the row itself), scrolled as asked; whether there was one to focus. */
export function focusRow(row: string | HTMLElement | null | undefined, scroll?: ScrollLogicalPosition): boolean {
  const element = typeof row === "string" ? entryRow(row) : row;
  if (!element) return false;
  if (scroll) element.scrollIntoView({ block: scroll });
  element.focus({ preventScroll: Boolean(scroll) });
  return true;
}
