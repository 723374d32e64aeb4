/** What stands in for a part of a page while its data loads. */
export function LoadingBlock({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">{label}</span>
      <div aria-hidden="true" className="h-24 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900" />
      <div aria-hidden="true" className="h-24 animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900" />
    </div>
  );
}
