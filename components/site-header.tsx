import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import type { ReactNode } from "react";
import { CommandPalette } from "./command-palette";
import { MenuButton } from "./menu-button";
import { NavLink } from "./nav-link";
import { OutsideSharedPages } from "./outside-shared-pages";
import { pageWidth } from "./page-width";
import { TimerBar } from "./timer/running-timer";
import { WorkspaceSwitcher } from "./workspaces/workspace-switcher";
import { OutboxIndicator } from "./offline/outbox-indicator";
import type { SwitcherWorkspace } from "@/lib/workspaces/user-workspaces";

/** The pages of a signed-in account; a visitor sees only what works without an account. */
const appLinks = [
  { href: "/", label: "Worklog" },
  { href: "/projects", label: "Projects" },
  { href: "/repositories", label: "Repositories" },
  { href: "/reports", label: "Reports" },
  { href: "/recaps", label: "Recaps" },
  { href: "/docs", label: "Docs" },
];

const linkClass = [
  "rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:-outline-offset-2",
  "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900",
  "dark:text-zinc-400 dark:hover:bg-zinc-800/60 dark:hover:text-zinc-100",
  "aria-[current]:bg-brand-50 aria-[current]:text-brand-700",
  "dark:aria-[current]:bg-brand-950 dark:aria-[current]:text-brand-200",
].join(" ");

const signUpClass =
  "rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-white hover:bg-brand-700 dark:bg-brand-400 dark:text-brand-950 dark:hover:bg-brand-300";

type SiteHeaderProps = {
  user?: { name: string | null; email: string } | null;
  /** The signed-in user's workspaces, the one the page shows marked current. */
  workspaces?: SwitcherWorkspace[];
  signOut?: ReactNode;
};

function AppLinks({ vertical }: { vertical?: boolean }) {
  return (
    <ul className={vertical ? "flex flex-col gap-1" : "flex gap-1"}>
      {appLinks.map(({ href, label }) => (
        <li key={href}>
          <NavLink href={href} className={`${linkClass} ${vertical ? "block" : ""}`}>
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function Account({ user, signOut, vertical }: { user: { name: string | null; email: string }; signOut?: ReactNode; vertical?: boolean }) {
  return (
    <div className={vertical ? "flex min-w-0 flex-col items-start gap-1" : "flex min-w-0 items-center gap-1"}>
      <NavLink href="/settings/profile" section="/settings" className={`${linkClass} ${vertical ? "block" : ""}`}>
        Settings
      </NavLink>
      {/* The whole name where the row has room; cut only where it has not (the only part of the row
          that may shrink), with the whole name and the email in its tooltip. */}
      <span
        className="max-w-full min-w-0 truncate px-2.5 text-sm text-zinc-700 dark:text-zinc-300"
        title={user.name ? `${user.name} (${user.email})` : user.email}
      >
        {user.name || user.email}
      </span>
      {signOut}
    </div>
  );
}

/**
 * One row at every width: signed in, the pages, the command palette and the account; under `lg`
 * the pages and the account fold into a menu. Signed out: the docs, sign in and sign up, but on
 * a shared recap's page only the brand. Signed in, the timer's row sits below, and the header
 * stays at the top of the window as the page scrolls: Stop is always in reach.
 */
export function SiteHeader({ user, workspaces = [], signOut }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950">
      <div className={`mx-auto flex w-full ${pageWidth} items-center gap-x-2 px-4 py-2.5 sm:gap-x-4 sm:px-6`}>
        <WorkspaceLink href="/" className="shrink-0 rounded-md text-lg font-semibold tracking-tight text-brand-700 dark:text-brand-300">
          Worklog
        </WorkspaceLink>
        {user ? (
          <>
            <WorkspaceSwitcher workspaces={workspaces} />
            <nav aria-label="Primary" className="max-lg:hidden">
              <AppLinks />
            </nav>
            <div className="ml-auto flex min-w-0 items-center gap-1.5 max-lg:shrink-0 sm:gap-2">
              <OutboxIndicator />
              <CommandPalette />
              <nav aria-label="Account" className="min-w-0 max-lg:hidden">
                <Account user={user} signOut={signOut} />
              </nav>
              <MenuButton>
                <nav aria-label="Menu" className="space-y-3">
                  <AppLinks vertical />
                  <div className="border-t border-zinc-200 pt-3 dark:border-zinc-800">
                    <Account user={user} signOut={signOut} vertical />
                  </div>
                </nav>
              </MenuButton>
            </div>
          </>
        ) : (
          <OutsideSharedPages>
            <nav aria-label="Account" className="ml-auto flex items-center gap-1">
              <NavLink href="/docs" className={linkClass}>
                Docs
              </NavLink>
              <NavLink href="/signin" className={linkClass}>
                Sign in
              </NavLink>
              <WorkspaceLink href="/signup" className={signUpClass}>
                Sign up
              </WorkspaceLink>
            </nav>
          </OutsideSharedPages>
        )}
      </div>
      {user && <TimerBar />}
    </header>
  );
}
