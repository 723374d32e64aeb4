"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyOutcome, useCopy } from "@/components/ui/copy";
import { controlClassName } from "@/components/ui/field";

/** The value of a key just created: shown this once, selected and ready to copy. */
export function NewApiKey({ name, apiKey }: { name: string; apiKey: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const { copyStatus, copy } = useCopy(() => inputRef.current?.select());

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

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
        <Button variant="secondary" onClick={() => copy(apiKey)} className="sm:w-24">
          {copyStatus === "copied" ? "Copied" : "Copy"}
        </Button>
      </div>
      <CopyOutcome copyStatus={copyStatus} selected="The key" className="mt-2 text-sm text-emerald-900 dark:text-emerald-200" />
    </div>
  );
}
