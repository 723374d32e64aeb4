"use client";

import { useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { isValidCalendarDate } from "@/lib/time";

export type WorklogViewName = "list" | "week";

/**
 * How the worklog shows its entries, kept in its URL beside the filters: `view=week` for the
 * week view, and `date` for a day of the week it shows (the day a phone shows). Without them:
 * the list, and today.
 */
export function useWorklogView(today: string) {
  const search = useSearchParams();
  const view: WorklogViewName = search.get("view") === "week" ? "week" : "list";
  const dateParam = search.get("date");
  const date = dateParam && isValidCalendarDate(dateParam) ? dateParam : today;
  const show = useCallback((changes: { view?: WorklogViewName; date?: string }, { replace = false } = {}) => {
    const url = new URL(window.location.href);
    if (changes.view) {
      if (changes.view === "week") url.searchParams.set("view", "week");
      else {
        url.searchParams.delete("view");
        url.searchParams.delete("date");
      }
    }
    if (changes.date) url.searchParams.set("date", changes.date);
    const href = `${url.pathname}${url.search}`;
    if (replace) window.history.replaceState(null, "", href);
    else window.history.pushState(null, "", href);
  }, []);
  return { view, date, show };
}

const switchClassName =
  "rounded px-3 py-1 text-sm font-medium text-zinc-600 hover:text-zinc-900 aria-pressed:bg-white aria-pressed:text-zinc-900 aria-pressed:shadow-sm dark:text-zinc-400 dark:hover:text-zinc-100 dark:aria-pressed:bg-zinc-800 dark:aria-pressed:text-zinc-100";

/** List | Week: how the worklog shows its entries. */
export function ViewSwitch({ view, onChange }: { view: WorklogViewName; onChange: (view: WorklogViewName) => void }) {
  return (
    <div role="group" aria-label="Show entries as" className="inline-flex gap-0.5 rounded-md bg-zinc-100 p-0.5 dark:bg-zinc-900">
      {(["list", "week"] as const).map((name) => (
        <button key={name} type="button" aria-pressed={view === name} className={switchClassName} onClick={() => onChange(name)}>
          {name === "list" ? "List" : "Week"}
        </button>
      ))}
    </div>
  );
}
