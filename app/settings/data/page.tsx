import type { Metadata } from "next";
import { DataExport } from "@/components/settings/data-export";
import { requireUser } from "@/lib/auth/current-user";
import { accountTotal } from "@/lib/db/account-counters";

export const metadata: Metadata = { title: "Data" };

export default async function DataPage() {
  const user = await requireUser("/settings/data");
  const entryCount = await accountTotal(user.id, "entryCount");
  return (
    <section aria-labelledby="data-heading">
      <h2 id="data-heading" className="text-xl font-semibold tracking-tight">
        Your data
      </h2>
      <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">Take your worklog with you, whenever you like.</p>
      <div className="mt-6 space-y-8">
        <DataExport entryCount={entryCount} />
      </div>
    </section>
  );
}
