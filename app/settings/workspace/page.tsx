import type { Metadata } from "next";
import { DeleteWorkspaceForm } from "@/components/workspaces/delete-workspace-form";
import { WorkspaceForm } from "@/components/workspaces/workspace-form";
import { roleAtLeast } from "@/lib/access/roles";
import { requireAccess } from "@/lib/auth/current-user";
import { onlyWorkspaceMessage } from "@/lib/workspaces/workspace-deletion";
import { listUserWorkspaces } from "@/lib/workspaces/user-workspaces";
import { getWorkspace } from "@/lib/workspaces/workspace-settings";

export const metadata: Metadata = { title: "Workspace" };

const readers = { members: "Every member", admins: "Admins only" } as const;

export default async function WorkspacePage() {
  const access = await requireAccess("/settings/workspace");
  const [workspace, workspaces] = await Promise.all([getWorkspace(access), listUserWorkspaces(access)]);
  const settings = { name: workspace.name, slug: workspace.slug, entries_visible_to: workspace.entries_visible_to };
  return (
    <div className="space-y-12">
      <section aria-labelledby="workspace-heading">
        <h2 id="workspace-heading" className="text-xl font-semibold tracking-tight">
          Workspace
        </h2>
        <p className="mt-1 mb-6 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          The workspace owns its projects, repositories, entries and recaps;{" "}
          {workspace.member_count === 1 ? "1 member works" : `${workspace.member_count} members work`} in it.
          {!roleAtLeast(access.role, "admin") && " Its admins change these settings."}
        </p>
        {roleAtLeast(access.role, "admin") ? (
          <WorkspaceForm settings={settings} />
        ) : (
          <dl className="max-w-md space-y-4 text-sm">
            {[
              ["Name", workspace.name],
              ["Slug", workspace.slug],
              ["Who reads entries", readers[workspace.entries_visible_to]],
            ].map(([term, value]) => (
              <div key={term}>
                <dt className="font-medium">{term}</dt>
                <dd className="mt-1 break-words text-zinc-700 dark:text-zinc-300">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
      {access.role === "owner" && (
        <section aria-labelledby="danger-zone-heading" className="rounded-lg border border-red-300 p-5 sm:p-6 dark:border-red-900">
          <h3 id="danger-zone-heading" className="text-lg font-semibold text-red-700 dark:text-red-400">
            Danger zone
          </h3>
          <p className="mt-2 text-sm text-pretty text-zinc-700 dark:text-zinc-300">
            Deleting the workspace deletes, at once and for good, everything it holds: its projects, repositories, commits, worklog entries, recaps, hooks and
            webhooks, and every member&apos;s API keys for it.
          </p>
          {workspaces.length > 1 ? (
            <DeleteWorkspaceForm name={workspace.name} />
          ) : (
            <p className="mt-3 text-sm text-pretty text-zinc-700 dark:text-zinc-300">{onlyWorkspaceMessage}</p>
          )}
        </section>
      )}
    </div>
  );
}
