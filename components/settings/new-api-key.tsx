"use client";

import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClassName } from "@/components/ui/field";

type CopyStatus = "idle" | "copied" | "failed";

/** The value of a key just created: shown this once, selected and ready to copy. */
export function NewApiKey({ name, apiKey }: { name: string; apiKey: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyStatus, setCopyStatus] = useState<CopyStatus>("idle");

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(apiKey);
      setCopyStatus("copied");
      setTimeout(() => setCopyStatus("idle"), 2000);
    } catch {
      inputRef.current?.select();
      setCopyStatus("failed");
    }
  }

  return (
    <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 sm:p-5 dark:border-emerald-800 dark:bg-emerald-950/60">
      <p className="font-semibold text-emerald-900 dark:text-emerald-100">Key “{name}” created</p>
      <p className="mt-1 text-sm font-medium text-emerald-900 dark:text-emerald-200">
        Copy this key now. It will not be shown again.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          readOnly
          value={apiKey}
          data-testid="new-api-key"
          aria-label={`API key ${name}`}
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
          className={`${controlClassName} font-mono`}
        />
        <Button variant="secondary" onClick={copy} className="sm:w-24">
          {copyStatus === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      <p aria-live="polite" className="mt-2 text-sm text-emerald-900 empty:hidden dark:text-emerald-200">
        {copyStatus === "copied" && <span className="sr-only">Copied to the clipboard.</span>}
        {copyStatus === "failed" && "Copying is blocked here. The key is selected: press Ctrl+C (⌘C on a Mac)."}
      </p>
    </div>
  );
}
