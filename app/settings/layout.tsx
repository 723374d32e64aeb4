import type { ReactNode } from "react";
import { SettingsNav } from "@/components/settings/settings-nav";

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
      <div className="mt-6 flex flex-col gap-8 md:mt-8 md:flex-row md:gap-10">
        <SettingsNav />
        <div className="max-w-4xl min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
