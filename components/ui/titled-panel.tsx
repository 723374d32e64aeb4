import type { ReactNode } from "react";

/** A page that is one narrow panel under its title (connecting a device, an invitation); `spaced`: its children stacked apart. */
export function TitledPanel({ title, spaced = false, children }: { title: string; spaced?: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      <div className={`mt-6 rounded-lg border border-zinc-200 p-5 sm:p-6 dark:border-zinc-800${spaced ? " space-y-4 text-pretty" : ""}`}>{children}</div>
    </div>
  );
}
