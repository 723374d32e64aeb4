const pulse = "animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900";

/**
 * What stands in for a report while it loads, in the shape of one (the figures, the chart, the
 * table's first rows), so that what follows it does not move when it comes (Lighthouse's CLS).
 */
export function ReportSkeleton() {
  return (
    <div role="status" className="space-y-8">
      <span className="sr-only">Loading the report…</span>
      <div aria-hidden="true" className="space-y-2">
        <div className="h-5" />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-4">
          <div className={`h-[5.75rem] max-sm:col-span-2 sm:h-[6.25rem] ${pulse}`} />
          <div className={`h-[5.75rem] sm:h-[6.25rem] ${pulse}`} />
          <div className={`h-[5.75rem] sm:h-[6.25rem] ${pulse}`} />
        </div>
      </div>
      {/* The chart's box: its heading and sentence, the bars (ReportChart's h-32, sm:h-40) with their labels, a line of legend. */}
      <div aria-hidden="true" className="h-[19.5rem] rounded-lg border border-zinc-200 p-4 sm:h-[21.5rem] dark:border-zinc-800">
        <div className={`h-full ${pulse}`} />
      </div>
      <div aria-hidden="true" className={`h-48 ${pulse}`} />
    </div>
  );
}
