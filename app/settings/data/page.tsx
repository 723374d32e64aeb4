import type { Metadata } from "next";
import { DataImport } from "@/components/settings/data-import";
import { requireUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Data" };

export default async function DataPage() {
  await requireUser("/settings/data");
  return (
    <section aria-labelledby="import-heading">
      <h2 id="import-heading" className="text-xl font-semibold tracking-tight">
        Import
      </h2>
      <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
        Bring in a Worklog export, from this server or another, or a jrnl journal exported with <code>jrnl --export json</code>. Everything
        is added to your account; a file with problems adds nothing and lists them.
      </p>
      <div className="mt-6">
        <DataImport />
      </div>
    </section>
  );
}
