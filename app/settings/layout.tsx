import type { ReactNode } from "react";
import { SettingsNav } from "@/components/settings/settings-nav";
import { integrationsRole, roleAtLeast } from "@/lib/access/roles";
import { currentAccess } from "@/lib/auth/current-user";

export default async function SettingsLayout({ children }: { children: ReactNode }) {
  // Each page sends a signed-out visitor to sign in and back to itself: the layout only reads the role.
  const access = await currentAccess();
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
      <div className="mt-6 flex flex-col gap-8 md:mt-8 md:flex-row md:gap-10">
        <SettingsNav managesIntegrations={access !== null && roleAtLeast(access.role, integrationsRole)} />
        <div className="max-w-4xl min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
