"use client";

import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { CopyOutcome, useCopy } from "@/components/ui/copy";
import { controlClassName } from "@/components/ui/field";

/** A value to paste elsewhere, read-only, with a button that copies it. */
export function CopyField({ label, value, testId, autoFocus = false }: { label: string; value: string; testId?: string; autoFocus?: boolean }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { copyStatus, copy } = useCopy(() => inputRef.current?.select());
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={value}
          data-testid={testId}
          spellCheck={false}
          autoFocus={autoFocus}
          onFocus={(event) => event.currentTarget.select()}
          className={`${controlClassName} font-mono`}
        />
        <Button variant="secondary" onClick={() => copy(value)} className="sm:w-24">
          {copyStatus === "copied" ? "Copied" : "Copy"}
          <span className="sr-only"> {label}</span>
        </Button>
      </div>
      <CopyOutcome copyStatus={copyStatus} selected={`The ${label.toLowerCase()}`} className="mt-1 text-sm text-emerald-900 dark:text-emerald-200" />
    </div>
  );
}
