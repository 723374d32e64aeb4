import { webAppManifest } from "@/lib/offline/web-app-manifest";
import { isWorkspaceSlug } from "@/lib/workspaces/workspace-path";

/**
 * The web app manifest (lib/offline/web-app-manifest.ts), linked from every page (app/layout.tsx)
 * with the page's workspace: `/app.webmanifest?workspace=<slug>`. Browsers fetch it without
 * cookies, so it names no account; a parameter that is not a slug is refused, never written back.
 */
export function GET(request: Request): Response {
  const slug = new URL(request.url).searchParams.get("workspace") ?? undefined;
  if (slug !== undefined && !isWorkspaceSlug(slug))
    return new Response("Not a workspace's slug.\n", { status: 400, headers: { "content-type": "text/plain" } });
  return new Response(JSON.stringify(webAppManifest(slug)), {
    headers: { "content-type": "application/manifest+json", "cache-control": "public, max-age=3600" },
  });
}
