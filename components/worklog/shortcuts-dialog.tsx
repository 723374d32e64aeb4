"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useShortcutList } from "@/components/keyboard/use-shortcuts";

/**
 * The `?` key's list of every key the page has registered, in a native modal dialog (Escape closes
 * it). Closed, it gives the focus back to what had it, or, when nothing had (the page's body), to
 * the element whose id is `fallbackFocusId`.
 */
export function ShortcutsDialog({ onClose, fallbackFocusId }: { onClose: () => void; fallbackFocusId: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const shortcuts = useShortcutList();
  useEffect(() => {
    opener.current = document.activeElement;
    dialog.current?.showModal();
  }, []);
  const close = () => {
    const previous = opener.current;
    const target = previous instanceof HTMLElement && previous !== document.body && previous.isConnected ? previous : document.getElementById(fallbackFocusId);
    target?.focus();
    onClose();
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="shortcuts-heading"
      onClose={close}
      onClick={(event) => event.target === event.currentTarget && dialog.current?.close()}
      className="mx-auto mt-[12vh] w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-5 text-zinc-900 shadow-xl backdrop:bg-zinc-950/40 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <h2 id="shortcuts-heading" className="text-lg font-semibold tracking-tight">
        Keyboard shortcuts
      </h2>
      <dl className="mt-3 divide-y divide-zinc-200 text-sm dark:divide-zinc-800">
        {shortcuts.map(({ keys, does }) => (
          <div key={`${keys.join(" ")} ${does}`} className="flex items-baseline justify-between gap-4 py-1.5">
            <dt className="flex shrink-0 gap-1">
              {keys.map((key) => (
                <kbd key={key} className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-px font-sans text-xs dark:border-zinc-700 dark:bg-zinc-800">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-right text-zinc-700 dark:text-zinc-300">{does}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog" className="mt-4 flex justify-end">
        <Button type="submit" variant="secondary" size="sm">
          Close
        </Button>
      </form>
    </dialog>
  );
}
