"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { useShortcuts } from "@/components/keyboard/use-shortcuts";

// cmdk and the palette's lists are loaded when it first opens: no page's first screen needs them.
const CommandPaletteDialog = dynamic(() => import("./command-palette-dialog").then((module) => module.CommandPaletteDialog), { ssr: false });

/** ⌘K / Ctrl+K, or the header's button: go to any page, project or repository, or start an entry or a recap. */
export function CommandPalette() {
  const [open, setOpen] = useState(false);

  useShortcuts([
    {
      keys: ["Mod+k"],
      label: ["Ctrl+K", "⌘K"],
      does: "Go to a page, project or repository, or run an action",
      scope: "anywhere",
      run: () => setOpen((isOpen) => !isOpen),
    },
  ]);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="flex items-center gap-2 rounded-md border border-zinc-300 px-2 py-1.5 text-sm whitespace-nowrap sm:px-2.5 text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800/60"
      >
        Go to…
        <kbd className="font-sans text-xs text-zinc-500 max-sm:hidden dark:text-zinc-400">⌘K</kbd>
      </button>
      {open && <CommandPaletteDialog onClose={() => setOpen(false)} />}
    </>
  );
}
