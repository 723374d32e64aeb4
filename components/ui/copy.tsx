"use client";

import { useEffect, useRef, useState } from "react";

type CopyStatus = "idle" | "copied" | "failed";

/**
 * Copying a text to the clipboard, and how it went: "copied" for two seconds. Where the
 * browser offers no clipboard, `onBlocked` selects the text so that the keyboard copies it.
 */
export function useCopy(onBlocked: () => void): { copyStatus: CopyStatus; copy: (text: string) => Promise<void> } {
  const [copyStatus, setCopyStatus] = useState<CopyStatus>("idle");
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(resetTimer.current), []);

  async function copy(text: string) {
    clearTimeout(resetTimer.current);
    try {
      await navigator.clipboard.writeText(text);
      setCopyStatus("copied");
      resetTimer.current = setTimeout(() => setCopyStatus("idle"), 2000);
    } catch {
      onBlocked();
      setCopyStatus("failed");
    }
  }

  return { copyStatus, copy };
}

/** Says how a copy went: to screen readers when it worked (the button shows it), to everyone how to copy by hand when it did not. */
export function CopyOutcome({ copyStatus, selected, className }: { copyStatus: CopyStatus; selected: string; className: string }) {
  return (
    <p aria-live="polite" className={`empty:hidden ${className}`}>
      {copyStatus === "copied" && <span className="sr-only">Copied to the clipboard.</span>}
      {copyStatus === "failed" && `Copying is blocked here. ${selected} is selected: press Ctrl+C (⌘C on a Mac).`}
    </p>
  );
}
