import Link from "next/link";
import type { ReactNode } from "react";
import { NavLink } from "./nav-link";

const primaryLinks = [
  { href: "/", label: "Worklog" },
  { href: "/projects", label: "Projects" },
  { href: "/repositories", label: "Repositories" },
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

type SiteHeaderProps = {
  user?: { name: string | null; email: string } | null;
  signOut?: ReactNode;
};

export function SiteHeader({ user, signOut }: SiteHeaderProps) {
  return (
    <header className="border-b border-zinc-200 dark:border-zinc-800">
      <div className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="rounded-md text-lg font-semibold tracking-tight text-brand-700 dark:text-brand-300">
          Worklog
        </Link>

        {/* Until there is room for one row, the primary nav wraps onto its own row and scrolls sideways if needed. */}
        <nav aria-label="Primary" className="order-last w-full overflow-x-auto lg:order-none lg:w-auto">
          <ul className="flex gap-1">
            {primaryLinks.map(({ href, label }) => (
              <li key={href}>
                <NavLink href={href} className={linkClass}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Account" className="ml-auto flex items-center gap-1">
          <NavLink href="/settings/profile" section="/settings" className={linkClass}>
            Settings
          </NavLink>
          {user ? (
            <>
              <span className="max-w-48 truncate px-2.5 text-sm text-zinc-700 dark:text-zinc-300" title={user.email}>
                {user.name || user.email}
              </span>
              {signOut}
            </>
          ) : (
            <>
              <NavLink href="/signin" className={linkClass}>
                Sign in
              </NavLink>
              <Link
                href="/signup"
                className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium whitespace-nowrap text-white hover:bg-brand-700 dark:bg-brand-400 dark:text-brand-950 dark:hover:bg-brand-300"
              >
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
