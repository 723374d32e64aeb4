"use client";

import { createContext, use, useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from "react";

const CurrentTargetContext = createContext<string | undefined>(undefined);

/**
 * The id among `targets` (in the page's order) that the reader is at: the last whose element
 * reaches into the top quarter of the window; the first until one does. Between two elements it
 * stays the earlier one.
 */
function useCurrentTarget(targets: string[]): string | undefined {
  const [current, setCurrent] = useState(targets[0]);
  useEffect(() => {
    const inTopQuarter = new Set<string>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) inTopQuarter.add(entry.target.id);
          else inTopQuarter.delete(entry.target.id);
        }
        const last = targets.findLast((id) => inTopQuarter.has(id));
        if (last) setCurrent(last);
      },
      { rootMargin: "0px 0px -75% 0px" },
    );
    for (const id of targets) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    return () => observer.disconnect();
  }, [targets]);
  return current;
}

/** Scrolls a scrollable list so that one of its links shows, without moving the window. */
function keepInView(list: HTMLElement, link: HTMLElement) {
  if (list.scrollHeight <= list.clientHeight) return;
  const top = link.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
  if (top < list.scrollTop || top + link.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTo({ top: top - list.clientHeight / 3 });
  }
}

/**
 * A page's contents: beside the page on wide screens, following the reader with the link to
 * where they are marked current; folded behind a "Contents" button on narrow ones, so that the
 * page itself comes first.
 */
export function ContentsNav({ label, targets, className, children }: { label: string; targets: string[]; className?: string; children: ReactNode }) {
  const navRef = useRef<HTMLElement>(null);
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const current = useCurrentTarget(targets);

  useEffect(() => {
    const link = current && navRef.current?.querySelector<HTMLElement>(`a[href="#${CSS.escape(current)}"]`);
    if (link && navRef.current) keepInView(navRef.current, link);
  }, [current]);

  // Folded before the browser follows the link, so that the target is where the jump lands.
  function foldOnFollow(event: MouseEvent) {
    if (event.target instanceof Element && event.target.closest("a")) setExpanded(false);
  }

  return (
    <nav ref={navRef} aria-label={label} className={className}>
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded(!expanded)}
        className="flex w-full items-center justify-between rounded-md border border-zinc-300 px-3 py-2 text-sm font-medium hover:bg-zinc-100 lg:hidden dark:border-zinc-700 dark:hover:bg-zinc-800/60"
      >
        Contents
        <span aria-hidden className={`text-zinc-600 transition-transform dark:text-zinc-400 ${expanded ? "rotate-180" : ""}`}>
          ▾
        </span>
      </button>
      {/* A click on a link bubbles up from the list's own links, which the keyboard reaches too. */}
      <div id={listId} onClick={foldOnFollow} className={expanded ? "mt-3 lg:mt-0" : "max-lg:hidden"}>
        <CurrentTargetContext value={current}>{children}</CurrentTargetContext>
      </div>
    </nav>
  );
}

/** A link of the contents, `aria-current` while the reader is at its target. */
export function ContentsLink({ target, className, children }: { target: string; className?: string; children: ReactNode }) {
  const current = use(CurrentTargetContext);
  return (
    <a href={`#${target}`} aria-current={current === target ? "true" : undefined} className={className}>
      {children}
    </a>
  );
}
