import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/current-user";

export const metadata: Metadata = { title: "Devices" };

export default async function DevicesPage() {
  await requireUser("/settings/devices");
  return (
    <section aria-labelledby="devices-heading">
      <h2 id="devices-heading" className="text-xl font-semibold tracking-tight">
        Authorized devices
      </h2>
      <div className="mt-6 rounded-lg border border-dashed border-zinc-300 p-5 sm:p-6 dark:border-zinc-700">
        <p className="text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          No devices yet. When you sign in to a command-line tool such as the Accomplish CLI, it appears here so you can
          revoke it.
        </p>
      </div>
    </section>
  );
}
