import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { presetLabels, reportPresets } from "@/lib/reports/presets";
import { breakdownLabels, breakdowns, reportsHref, type ReportView } from "@/lib/reports/view";

const choiceClass = [
  "rounded-md border border-zinc-300 px-2.5 py-1 text-sm font-medium whitespace-nowrap",
  "text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800/60",
  "aria-[current]:border-brand-600 aria-[current]:bg-brand-50 aria-[current]:text-brand-800",
  "dark:aria-[current]:border-brand-400 dark:aria-[current]:bg-brand-950 dark:aria-[current]:text-brand-200",
].join(" ");

/** A row of links, one per choice, the current one marked: a choice is a new URL, so it can be linked and left with Back. */
function Choices({ id, label, choices }: { id: string; label: string; choices: { key: string; label: string; href: string; current: boolean }[] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <span id={id} className="w-20 text-sm font-medium text-zinc-900 dark:text-zinc-100">
        {label}
      </span>
      <ul aria-labelledby={id} className="flex flex-wrap gap-1.5">
        {choices.map((choice) => (
          <li key={choice.key}>
            <WorkspaceLink href={choice.href} aria-current={choice.current ? "true" : undefined} className={choiceClass}>
              {choice.label}
            </WorkspaceLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The period presets (Custom keeps the current days, to change in the filters' dates) and what the table groups by. */
export function ReportControls({ view }: { view: ReportView }) {
  const periods = [...reportPresets, "custom" as const].map((preset) => ({
    key: preset,
    label: presetLabels[preset],
    href: reportsHref({ ...view, preset }),
    current: view.preset === preset,
  }));
  const groupings = breakdowns.map((groupBy) => ({
    key: groupBy,
    label: breakdownLabels[groupBy],
    href: reportsHref({ ...view, groupBy }),
    current: view.groupBy === groupBy,
  }));
  return (
    <div className="space-y-3">
      <Choices id="report-period-label" label="Period" choices={periods} />
      <Choices id="report-group-label" label="Group by" choices={groupings} />
    </div>
  );
}
