"use client";

import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from "react";
import { candidates, listed, type KeyPress, type ListedShortcut, type Shortcut } from "./shortcut-registry";

/** Whether the key went to something that takes typing: plain-key shortcuts leave those alone. */
export function isTypingTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

let registered: Shortcut[] = [];
let shownList: ListedShortcut[] = [];
const listeners = new Set<() => void>();

function onKeyDown(event: KeyboardEvent) {
  const context = { typing: isTypingTarget(event.target), dialogOpen: document.querySelector("dialog[open], [role=dialog]") !== null };
  for (const shortcut of candidates(registered, event as KeyPress, context)) {
    if (shortcut.run(event) === false) continue;
    event.preventDefault();
    return;
  }
}

function setRegistered(next: Shortcut[]) {
  if (registered.length === 0 && next.length > 0) document.addEventListener("keydown", onKeyDown);
  if (registered.length > 0 && next.length === 0) document.removeEventListener("keydown", onKeyDown);
  registered = next;
  shownList = listed(next);
  listeners.forEach((notify) => notify());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const noShortcuts: ListedShortcut[] = [];

/**
 * Registers the component's shortcuts while it is mounted (and `enabled`). Their keys, scope and
 * priority are read when they register; their `run`, the latest render's.
 */
export function useShortcuts(shortcuts: Shortcut[], enabled = true) {
  const latest = useRef(shortcuts);
  useLayoutEffect(() => {
    latest.current = shortcuts;
  });
  const signature = shortcuts.map(({ keys, does }) => `${keys.join(" ")}:${does ?? ""}`).join("\n");
  useEffect(() => {
    if (!enabled) return;
    const own = latest.current.map((shortcut, index): Shortcut => ({ ...shortcut, run: (event) => latest.current[index]?.run(event) }));
    setRegistered([...registered, ...own]);
    return () => setRegistered(registered.filter((shortcut) => !own.includes(shortcut)));
  }, [enabled, signature]);
}

/** The `?` list: every registered shortcut that says what it does. */
export function useShortcutList(): ListedShortcut[] {
  return useSyncExternalStore(
    subscribe,
    () => shownList,
    () => noShortcuts,
  );
}
