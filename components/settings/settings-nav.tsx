"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { NavLink } from "@/components/nav-link";

const settingsLinks = [
  { href: "/settings/profile", label: "Profile" },
  { href: "/settings/workspace", label: "Workspace" },
  { href: "/settings/members", label: "Members" },
  { href: "/settings/api-keys", label: "API keys" },
  { href: "/settings/devices", label: "Devices" },
  { href: "/settings/calendar", label: "Calendar" },
  { href: "/settings/integrations", label: "Integrations", admins: true },
  { href: "/settings/webhooks", label: "Webhooks", admins: true },
  { href: "/settings/schedules", label: "Schedules", admins: true },
  { href: "/settings/data", label: "Data" },
];

const linkClassName = [
  "block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:-outline-offset-2",
  "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900",
  "dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100",
  "aria-[current]:bg-brand-50 aria-[current]:text-brand-700",
  "dark:aria-[current]:bg-brand-950 dark:aria-[current]:text-brand-200",
].join(" ");

/**
 * The settings pages: a column beside the page from `md`, a strip that scrolls sideways above it
 * on a phone. The strip scrolls the current page's tab into view, so that Data, its last, is
 * not left out of sight; only the strip scrolls, never the page.
 */
/** `managesIntegrations`: whether the user's role manages the workspace's integrations; without it their tabs are left out. */
export function SettingsNav({ managesIntegrations }: { managesIntegrations: boolean }) {
  const pathname = usePathname();
  const strip = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = strip.current;
    const current = element?.querySelector<HTMLElement>("[aria-current]");
    if (!element || !current || element.scrollWidth <= element.clientWidth) return;
    element.scrollLeft = current.offsetLeft - (element.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav ref={strip} aria-label="Settings" className="relative -mx-4 overflow-x-auto px-4 md:mx-0 md:w-44 md:shrink-0 md:px-0">
      <ul className="flex gap-1 border-b border-zinc-200 pb-2 md:flex-col md:border-b-0 md:pb-0 dark:border-zinc-800">
        {settingsLinks
          .filter((link) => managesIntegrations || !link.admins)
          .map(({ href, label }) => (
            <li key={href}>
              <NavLink href={href} className={linkClassName}>
                {label}
              </NavLink>
            </li>
          ))}
      </ul>
    </nav>
  );
}
