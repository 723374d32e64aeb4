import type { ReactNode } from "react";
import { NavLink } from "@/components/nav-link";

const settingsLinks = [
  { href: "/settings/profile", label: "Profile" },
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/settings/devices", label: "Devices" },
  { href: "/settings/integrations", label: "Integrations" },
  { href: "/settings/webhooks", label: "Webhooks" },
  { href: "/settings/schedules", label: "Schedules" },
  { href: "/settings/data", label: "Data" },
];

const linkClassName = [
  "block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:-outline-offset-2",
  "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900",
  "dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100",
  "aria-[current]:bg-brand-50 aria-[current]:text-brand-700",
  "dark:aria-[current]:bg-brand-950 dark:aria-[current]:text-brand-200",
].join(" ");

export default function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div>
      <h1 className="text-3xl font-semibold tracking-tight">Settings</h1>
      <div className="mt-6 flex flex-col gap-8 md:mt-8 md:flex-row md:gap-10">
        <nav aria-label="Settings" className="-mx-4 overflow-x-auto px-4 md:mx-0 md:w-44 md:shrink-0 md:px-0">
          <ul className="flex gap-1 border-b border-zinc-200 pb-2 md:flex-col md:border-b-0 md:pb-0 dark:border-zinc-800">
            {settingsLinks.map(({ href, label }) => (
              <li key={href}>
                <NavLink href={href} className={linkClassName}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 flex-1">{children}</div>
      </div>
    </div>
  );
}
