import { WorkspaceLink } from "@/components/workspaces/workspace-link";
import { pageWidth } from "./page-width";

export function SiteFooter() {
  return (
    <footer className="border-t border-zinc-200 dark:border-zinc-800">
      <div
        className={`mx-auto flex w-full ${pageWidth} flex-col gap-3 px-4 py-6 text-sm text-zinc-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-zinc-400`}
      >
        <p>Worklog — open work tracking</p>
        <nav aria-label="Footer">
          <ul className="flex gap-4">
            <li>
              <WorkspaceLink href="/docs" className="rounded-sm underline-offset-4 hover:text-zinc-900 hover:underline dark:hover:text-zinc-100">
                API reference
              </WorkspaceLink>
            </li>
            <li>
              {/* A JSON document served by a route handler, not a page: a plain link avoids client-side navigation. */}
              <a href="/api/v1/openapi.json" className="rounded-sm underline-offset-4 hover:text-zinc-900 hover:underline dark:hover:text-zinc-100">
                OpenAPI document
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
