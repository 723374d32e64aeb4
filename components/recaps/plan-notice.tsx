import { RECAP_PLAN_LIMIT_IN_WORDS } from "@/lib/recaps/recaps";

/** What an account without the pro plan sees instead of recaps. */
export function PlanNotice() {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 p-5 sm:p-6 dark:border-zinc-700">
      <p className="font-medium">Recaps are part of the pro plan</p>
      <p className="mt-2 text-sm text-pretty text-zinc-600 dark:text-zinc-400">{RECAP_PLAN_LIMIT_IN_WORDS}</p>
    </div>
  );
}
