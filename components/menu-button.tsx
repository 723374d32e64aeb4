"use client";

import { usePathname } from "next/navigation";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { priority } from "@/components/keyboard/shortcut-registry";
import { useShortcuts } from "@/components/keyboard/use-shortcuts";

type MenuButtonProps = {
  children: ReactNode;
  /** What the button shows. */
  label?: ReactNode;
  /** The button's accessible name, when its text alone does not say what it opens. */
  accessibleName?: string;
  /** Where the menu is offered: the header's is under `lg` only. */
  className?: string;
  buttonClassName?: string;
  panelClassName?: string;
  /** Whether a click on one of its buttons closes it, as a list of actions does. */
  closeOnAction?: boolean;
  /** The side of the button the panel lines up with: the right (a menu at the row's end) or the left (one at its start). */
  panelSide?: "left" | "right";
};

const defaultButtonClassName =
  "rounded-md border border-zinc-300 px-2 py-1.5 text-sm sm:px-2.5 font-medium hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800/60";

/**
 * A disclosure menu (the header's under `lg`, an entry's actions) that closes on Escape, on a click
 * outside and on navigation. Its items are rendered when it first opens, then kept: the worklog
 * has a menu on every row, which the page's first render and hydration need not build.
 */
export function MenuButton({
  children,
  label = "Menu",
  accessibleName,
  className = "lg:hidden",
  buttonClassName = defaultButtonClassName,
  panelClassName = "w-60 p-3",
  closeOnAction = false,
  panelSide = "right",
}: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const [openedAt, setOpenedAt] = useState(pathname);
  if (open && openedAt !== pathname) setOpen(false);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useShortcuts([{ keys: ["Escape"], scope: "anywhere", priority: priority.overlay, run: close }], open);
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  return (
    <div ref={container} className={`relative ${className}`}>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={accessibleName}
        onClick={() => {
          setOpenedAt(pathname);
          setOpened(true);
          setOpen(!open);
        }}
        className={buttonClassName}
      >
        {label}
      </button>
      <div
        id={panelId}
        hidden={!open}
        onClick={closeOnAction ? (event) => (event.target as HTMLElement).closest("button") && setOpen(false) : undefined}
        className={`absolute ${panelSide === "right" ? "right-0" : "left-0"} z-30 mt-2 rounded-lg border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900 ${panelClassName}`}
      >
        {opened && children}
      </div>
    </div>
  );
}
