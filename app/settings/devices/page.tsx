import type { Metadata } from "next";
import { DeviceTable } from "@/components/settings/device-table";
import { requireUser } from "@/lib/auth/current-user";
import { listDevices } from "@/lib/oauth/tokens";

export const metadata: Metadata = { title: "Devices" };

export default async function DevicesPage() {
  const user = await requireUser("/settings/devices");
  const devices = await listDevices(user.id);
  return (
    <section aria-labelledby="devices-heading">
      <h2 id="devices-heading" className="text-xl font-semibold tracking-tight">
        Authorized devices
      </h2>
      <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
        Command-line tools you approved at /device act as you with the scopes shown. Revoking one signs it out at once.
      </p>
      <div className="mt-6">
        {devices.length > 0 ? (
          <DeviceTable devices={devices} timeZone={user.timezone} />
        ) : (
          <div className="rounded-lg border border-dashed border-zinc-300 p-5 sm:p-6 dark:border-zinc-700">
            <p className="text-sm text-pretty text-zinc-600 dark:text-zinc-400">
              No devices yet. When you sign in to a command-line tool such as the Accomplish CLI, it appears here so you can revoke it.
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
