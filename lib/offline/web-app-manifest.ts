import { inWorkspace, workspaceBase } from "@/lib/workspaces/workspace-path";

/** The colours of the app's background (the page's `bg-white`, `dark:bg-zinc-950`, app/globals.css) for the window around it. */
export const themeColours = { light: "#ffffff", dark: "#09090b" } as const;

export const appDescription =
  "Track your work in markdown entries, attach commits, organise projects and repositories, and get recaps — from the web, a REST API or the CLI.";

/**
 * The web app manifest of a workspace (README "Offline and installing"): the app opens on that
 * workspace's worklog (`/`, or `/w/<slug>` for a team's), and each workspace installs as an app
 * of its own (its `id`). Its shortcuts open the worklog with an action (lib/worklog/launch-action.ts).
 * `slug` must be a workspace slug (isWorkspaceSlug): it is written into the URLs as it is.
 */
export function webAppManifest(slug: string | undefined) {
  const base = slug ? workspaceBase(slug) : "";
  const worklog = inWorkspace(base, "/");
  return {
    id: worklog,
    name: "Worklog",
    short_name: "Worklog",
    description: appDescription,
    start_url: worklog,
    scope: "/",
    display: "standalone",
    theme_color: themeColours.light,
    background_color: themeColours.light,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [
      { name: "New entry", url: inWorkspace(base, "/?action=new-entry"), description: "Write what you worked on" },
      { name: "Start timer", url: inWorkspace(base, "/?action=start-timer"), description: "Start timing the work you are doing" },
    ],
  };
}
