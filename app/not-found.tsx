import type { Metadata } from "next";
import { WorkspaceLink } from "@/components/workspaces/workspace-link";

export const metadata: Metadata = {
  title: "Page not found",
};

export default function NotFound() {
  return (
    <div className="mx-auto max-w-md py-12 text-center">
      <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">404</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-4 text-zinc-600 dark:text-zinc-400">We couldn’t find what you were looking for. It may have moved, or the link may be mistyped.</p>
      <WorkspaceLink
        href="/"
        className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-2.5 font-medium text-white hover:bg-brand-700 dark:bg-brand-400 dark:text-brand-950 dark:hover:bg-brand-300"
      >
        Back to Worklog
      </WorkspaceLink>
    </div>
  );
}
