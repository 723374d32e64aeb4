import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { OfflineWorker } from "@/components/browser/offline-worker";
import { RefreshOnRestore } from "@/components/browser/refresh-on-restore";
import { Providers } from "@/components/providers";
import { pageWidth } from "@/components/page-width";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import { SignOutForm } from "@/components/offline/sign-out-form";
import { SubmitButton } from "@/components/ui/submit-button";
import { signOutToHome } from "@/lib/auth/actions";
import type { Access } from "@/lib/access/context";
import { currentAccess, getCurrentUser } from "@/lib/auth/current-user";
import { hourCycleFor } from "@/lib/formatting/account-clock";
import { runningTimerView } from "@/lib/worklog/views";
import { appDescription, themeColours } from "@/lib/offline/web-app-manifest";
import { requestedWorkspaceSlug, requestWorkspaceBase } from "@/lib/workspaces/request-workspace";
import { workspaceChoices } from "@/lib/workspaces/user-workspaces";
import { WorkspaceBaseProvider } from "@/components/workspaces/workspace-link";
import "./globals.css";
import { roleAtLeast } from "@/lib/access/roles";

export const metadata: Metadata = {
  title: { template: "%s · Worklog", default: "Worklog" },
  description: appDescription,
  icons: { icon: { url: "/favicon.svg", type: "image/svg+xml" }, apple: { url: "/icons/apple-touch-icon.png", sizes: "180x180" } },
  appleWebApp: { capable: true, title: "Worklog", statusBarStyle: "default" },
};

/** The colour of the browser's or the installed app's title bar, that of the page's background in each scheme. */
export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: themeColours.light },
    { media: "(prefers-color-scheme: dark)", color: themeColours.dark },
  ],
};

/** Whose outbox the page sends, in which workspace (README "Offline and installing"). */
function outboxSettings({ user, workspace }: Access) {
  return { userId: user.id, userName: user.name, workspace: workspace.slug, timeZone: user.timezone };
}

/** The account's timer as the header first shows it, with the time it was read at. */
async function timerState(access: Access) {
  const { user } = access;
  return { userId: user.id, timeZone: user.timezone, initialTimer: await runningTimerView(access), renderedAt: Date.now() };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // A signed-in user on the page of a workspace they are not in has no access there: the page is
  // not found, and the header shows their account and their own workspaces.
  const [user, access] = [await getCurrentUser(), await currentAccess()];
  const workspaces = user ? await workspaceChoices(user.id, access?.workspace.id) : [];
  const writes = access !== null && roleAtLeast(access.role, "member");
  const slug = await requestedWorkspaceSlug();
  return (
    <html lang="en">
      <head>
        {/* The manifest of the page's workspace (app/app.webmanifest/route.ts): the installed app opens there. Written
            here, in the head as first sent: Next.js streams a per-request generateMetadata separately on dynamic pages. */}
        <link rel="manifest" href={slug ? `/app.webmanifest?workspace=${slug}` : "/app.webmanifest"} />
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50"
        >
          Skip to content
        </a>
        <Providers
          timer={writes ? await timerState(access) : undefined}
          outbox={writes ? outboxSettings(access) : undefined}
          hourCycle={await hourCycleFor(user)}
        >
          <WorkspaceBaseProvider base={access ? await requestWorkspaceBase() : ""}>
            <SiteHeader
              user={user && { name: user.name, email: user.email }}
              workspaces={workspaces}
              signOut={
                <SignOutForm action={signOutToHome}>
                  <SubmitButton variant="ghost" size="sm" pendingLabel="Signing out…">
                    Sign out
                  </SubmitButton>
                </SignOutForm>
              }
            />
            <main id="main" className={`mx-auto w-full ${pageWidth} flex-1 px-4 py-5 sm:px-6 sm:py-12`}>
              {children}
            </main>
            <SiteFooter />
            <RefreshOnRestore />
            <OfflineWorker userId={user?.id ?? null} />
          </WorkspaceBaseProvider>
        </Providers>
      </body>
    </html>
  );
}
