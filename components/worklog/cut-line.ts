"use client";

import { useEffect, useRef, useState } from "react";

/**
 * Whether a one-line text is cut at its end (its words run on past the line), measured whenever
 * its box changes size, its text changes, or it is shown again: an entry's row then offers to
 * show all of it.
 */
export function useCutLine(text: string, shown: boolean) {
  const [cut, setCut] = useState(false);
  const lineRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const line = lineRef.current;
    if (!line || !shown) return;
    // A new observer reports the box's size at once, and so measures a new text too.
    const observer = new ResizeObserver(() => setCut(line.scrollWidth > line.clientWidth));
    observer.observe(line);
    return () => observer.disconnect();
  }, [text, shown]);
  return { lineRef, cut };
}
