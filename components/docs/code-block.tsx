"use client";

import { useRef } from "react";
import { CopyOutcome, useCopy } from "@/components/ui/copy";

/** An example with a button that copies it. Long lines wrap rather than scroll, so that phones need no sideways scrolling. */
export function CodeBlock({ label, children }: { label: string; children: string }) {
  const codeRef = useRef<HTMLElement>(null);
  const { copyStatus, copy } = useCopy(() => {
    if (codeRef.current) getSelection()?.selectAllChildren(codeRef.current);
  });

  return (
    <figure className="grid min-w-0 grid-cols-[minmax(0,1fr)_auto] items-end gap-x-2 gap-y-1">
      <figcaption className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{label}</figcaption>
      <button
        type="button"
        onClick={() => copy(children)}
        className="rounded px-2 py-1 text-xs font-medium text-zinc-700 ring-1 ring-zinc-300 hover:bg-zinc-100 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800"
      >
        {copyStatus === "copied" ? "Copied" : "Copy"}
        <span className="sr-only"> {label}</span>
      </button>
      <pre className="col-span-2 rounded-md bg-zinc-900 p-3 text-xs leading-relaxed whitespace-pre-wrap text-zinc-100 wrap-anywhere dark:bg-black">
        <code ref={codeRef}>{children}</code>
      </pre>
      <CopyOutcome copyStatus={copyStatus} selected="The example" className="col-span-2 text-xs text-red-700 dark:text-red-300" />
    </figure>
  );
}
