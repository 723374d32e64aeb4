import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import type { RecapFilters } from "@/lib/recaps/filters";
import type { RecapMetadata } from "@/lib/recaps/metadata";
import type { Recap } from "@/lib/db/client";
import { formatDateTime, type Clock } from "@/lib/formatting/time-words";
import { recapTemplateLabel } from "@/lib/recaps/templates";
import { RecapDays } from "./recap-days";

const statusClassNames: Record<Recap["status"], string> = {
  processing: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  completed: "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
  failed: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** Past recaps, newest first, each linking to its page. */
export function RecapList({ recaps, clock }: { recaps: Recap[]; clock: Clock }) {
  if (recaps.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No recaps yet. Generate one above.</p>;
  }
  return (
    <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
      {recaps.map((recap) => {
        const metadata = recap.metadata as RecapMetadata | null;
        return (
          <li key={recap.id}>
            <WorkspaceLink
              href={`/recaps/${recap.id}`}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-900"
            >
              <span className="font-medium">
                <RecapDays filters={recap.filters as RecapFilters} timeZone={clock.timeZone} />
              </span>
              <span className="text-sm text-zinc-700 dark:text-zinc-300">{recapTemplateLabel(recap.template)}</span>
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusClassNames[recap.status]}`}>{recap.status}</span>
              {metadata && <span className="text-sm text-zinc-600 dark:text-zinc-400">{metadata.entry_count} entries</span>}
              <span className="text-sm text-zinc-600 sm:ml-auto dark:text-zinc-400">{formatDateTime(recap.insertedAt, clock)}</span>
            </WorkspaceLink>
          </li>
        );
      })}
    </ul>
  );
}
