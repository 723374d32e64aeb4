import type { Metadata } from "next";
import { DataExport } from "@/components/settings/data-export";
import { DataImport } from "@/components/settings/data-import";
import { requireAccess } from "@/lib/auth/current-user";
import { accountTotal } from "@/lib/db/account-counters";

export const metadata: Metadata = { title: "Data" };

export default async function DataPage() {
  const access = await requireAccess("/settings/data");
  const entryCount = await accountTotal(access, "entryCount");
  return (
    <section aria-labelledby="data-heading">
      <h2 id="data-heading" className="text-xl font-semibold tracking-tight">
        Your data
      </h2>
      <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
        Take your worklog with you, whenever you like, and bring in what you kept elsewhere.
      </p>
      <div className="mt-6 space-y-8">
        <DataExport entryCount={entryCount} />
        <section aria-labelledby="import-heading">
          <h3 id="import-heading" className="text-lg font-semibold">
            Import
          </h3>
          <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
            Bring in a Worklog export, from this server or another, or a jrnl journal exported with <code>jrnl --export json</code>. Everything is added to your
            account; a file with problems adds nothing and lists them.
          </p>
          <div className="mt-4">
            <DataImport />
          </div>
        </section>
      </div>
    </section>
  );
}
