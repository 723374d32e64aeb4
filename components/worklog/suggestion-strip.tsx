"use client";

import { useId, useState } from "react";
import type { ProjectOption } from "@/components/projects/project-select";
import { dayHeading } from "@/lib/worklog/days";
import type { Suggestion } from "@/lib/worklog/suggestion-schemas";
import { DaySuggestions } from "./suggestion-card";

type SuggestionStripProps = {
  /** The suggested entries of the days the worklog shows, by day (suggestions-query.ts). */
  byDay: Map<string, Suggestion[]>;
  projects: ProjectOption[];
  timeZone: string;
  today: string;
};

/**
 * The suggested entries (docs/api.md, "Suggested entries") in one strip above the list, folded to
 * a line that counts them: the list keeps the first screen. Unfolded, they are grouped by day, the
 * latest first, rendered when first unfolded (then kept, drafts and all). Nothing when there are none.
 */
export function SuggestionStrip({ byDay, projects, timeZone, today }: SuggestionStripProps) {
  const [open, setOpen] = useState(false);
  const [unfolded, setUnfolded] = useState(false);
  const listId = useId();
  const days = [...byDay].filter(([, suggestions]) => suggestions.length > 0).sort(([a], [b]) => b.localeCompare(a));
  const count = days.reduce((sum, [, suggestions]) => sum + suggestions.length, 0);
  if (count === 0) return null;
  return (
    <section aria-labelledby={`${listId}-heading`} className="rounded-lg border border-dashed border-zinc-300 dark:border-zinc-700">
      <h2 id={`${listId}-heading`} className="text-sm">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => {
            setUnfolded(true);
            setOpen(!open);
          }}
          className="flex w-full items-center gap-2 rounded-lg px-3 py-1.5 text-left hover:bg-zinc-50 dark:hover:bg-zinc-900/60"
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className={`size-3.5 shrink-0 fill-current text-zinc-500 ${open ? "" : "-rotate-90"}`}>
            <path d="M4.2 6.2a.75.75 0 0 1 1.06 0L8 8.94l2.74-2.74a.75.75 0 1 1 1.06 1.06l-3.27 3.27a.75.75 0 0 1-1.06 0L4.2 7.26a.75.75 0 0 1 0-1.06Z" />
          </svg>
          <span className="font-semibold">Suggested entries ({count})</span>
          <span className="truncate text-zinc-600 max-sm:hidden dark:text-zinc-400">commits and meetings not logged yet</span>
        </button>
      </h2>
      <div id={listId} hidden={!open} className="space-y-3 border-t border-dashed border-zinc-300 p-3 dark:border-zinc-700">
        {unfolded &&
          days.map(([day, suggestions]) => (
            <div key={day}>
              <h3 className="mb-1.5 text-xs font-medium tracking-wide text-zinc-600 uppercase dark:text-zinc-400">{dayHeading(day, today).name}</h3>
              <DaySuggestions suggestions={suggestions} projects={projects} timeZone={timeZone} />
            </div>
          ))}
      </div>
    </section>
  );
}
