/** What an account without the pro plan sees instead of recaps. */
export function PlanNotice() {
  return (
    <div className="rounded-lg border border-dashed border-zinc-300 p-5 sm:p-6 dark:border-zinc-700">
      <p className="font-medium">Recaps are part of the pro plan</p>
      <p className="mt-2 text-sm text-pretty text-zinc-600 dark:text-zinc-400">You must be on a plan to access this resource.</p>
    </div>
  );
}
