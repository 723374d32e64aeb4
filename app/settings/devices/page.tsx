import type { Metadata } from "next";
import { headers } from "next/headers";
import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { DeviceTable } from "@/components/settings/device-table";
import { requireUser } from "@/lib/auth/current-user";
import { listDevices } from "@/lib/oauth/tokens";
import { publicOrigin } from "@/lib/public-origin";
import { accountClock } from "@/lib/formatting/account-clock";

export const metadata: Metadata = { title: "Devices" };

export default async function DevicesPage() {
  const user = await requireUser("/settings/devices");
  const devices = await listDevices(user.id);
  const origin = publicOrigin(await headers());
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
          <DeviceTable devices={devices} clock={await accountClock(user)} />
        ) : (
          <div className="rounded-lg border border-dashed border-zinc-300 p-5 sm:p-6 dark:border-zinc-700">
            <p className="text-sm font-medium">No devices yet.</p>
            {/* How the Accomplish CLI signs in: README.md, "Command-line tools: the OAuth device flow". */}
            <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
              To log work from a terminal, use Worklog’s command-line client, the Accomplish CLI (<code>acc</code>): point its <code>api_base</code> at this
              server, <code className="break-all">{origin}</code>, and sign in from it. It shows a code; enter it at{" "}
              <WorkspaceLink href="/device" className="text-brand-700 underline underline-offset-4 dark:text-brand-300">
                /device
              </WorkspaceLink>{" "}
              and approve what it asks for. It then appears here, where you can revoke it.
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
