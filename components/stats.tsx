import type { ReactNode } from "react";

/** The figures a page leads with: a row of terms over their values, wrapping on a phone. */
export function Stats({ label, items }: { label: string; items: { term: string; value: ReactNode }[] }) {
  return (
    <div role="group" aria-label={label}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {items.map(({ term, value }) => (
          <div key={term} className="rounded-lg border border-zinc-200 px-4 py-3 dark:border-zinc-800">
            <dt className="text-sm text-zinc-600 dark:text-zinc-400">{term}</dt>
            <dd className="mt-1 text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The section at the foot of a page that holds what cannot be undone. */
export function DangerZone({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="danger-zone-heading" className="rounded-lg border border-red-300 p-4 dark:border-red-900">
      <h2 id="danger-zone-heading" className="text-xl font-semibold tracking-tight text-red-700 dark:text-red-400">
        Danger zone
      </h2>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">{children}</div>
    </section>
  );
}
