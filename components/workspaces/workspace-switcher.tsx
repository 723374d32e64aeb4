"use client";

import { useActionState } from "react";
import { MenuButton } from "@/components/menu-button";
import { TextField } from "@/components/ui/field";
import { SubmitButton } from "@/components/ui/submit-button";
import { createWorkspaceAction } from "@/lib/workspaces/actions";
import type { SwitcherWorkspace } from "@/lib/workspaces/user-workspaces";

const itemClassName = [
  "flex items-center justify-between gap-3 rounded-md px-2.5 py-2 text-sm focus-visible:-outline-offset-2",
  "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800/60",
  "aria-[current]:bg-brand-50 aria-[current]:font-medium aria-[current]:text-brand-800 dark:aria-[current]:bg-brand-950 dark:aria-[current]:text-brand-200",
].join(" ");

type CreateState = { error?: string; name?: string };

/** A new workspace, named here; the browser then opens it (a whole page load, as a switch is). */
function CreateWorkspaceForm() {
  const [state, formAction] = useActionState(async (_previous: CreateState, formData: FormData): Promise<CreateState> => {
    const result = await createWorkspaceAction(formData);
    if (result.ok) {
      window.location.assign(result.data.href);
      return {};
    }
    return { error: result.fieldErrors.name ?? result.message, name: String(formData.get("name") ?? "") };
  }, {});
  return (
    <form action={formAction} className="space-y-2 border-t border-zinc-200 px-1 pt-3 dark:border-zinc-800">
      <TextField label="New workspace" name="name" placeholder="Payments team" defaultValue={state.name} error={state.error} maxLength={100} required />
      <SubmitButton size="sm" pendingLabel="Creating…">
        Create workspace
      </SubmitButton>
    </form>
  );
}

/**
 * The header's workspace: its name, and a menu of the user's other workspaces and a form for a
 * new one. A switch loads the other workspace's page whole (its pages start at another URL,
 * lib/workspaces/workspace-path.ts), so nothing of one workspace stays on screen in the other.
 */
export function WorkspaceSwitcher({ workspaces }: { workspaces: SwitcherWorkspace[] }) {
  const current = workspaces.find((workspace) => workspace.current);
  return (
    <MenuButton
      className="max-w-28 min-w-0 sm:max-w-56 lg:max-w-24 xl:max-w-56"
      panelSide="left"
      panelClassName="w-72 max-w-[calc(100vw-2rem)] p-2"
      accessibleName={current ? `Workspace: ${current.name}. Switch workspace` : "Switch workspace"}
      buttonClassName="flex max-w-full min-w-0 items-center gap-1 rounded-md px-2 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800/60"
      label={
        <>
          <span className="truncate">{current?.name ?? "Workspaces"}</span>
          <span aria-hidden="true" className="text-zinc-500">
            ▾
          </span>
        </>
      }
    >
      <p className="px-2.5 pb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">Workspaces</p>
      <ul className="mb-2 space-y-0.5">
        {workspaces.map((workspace) => (
          <li key={workspace.id}>
            <a href={workspace.href} aria-current={workspace.current ? "page" : undefined} className={itemClassName}>
              <span className="truncate">{workspace.name}</span>
              <span className="shrink-0 text-xs text-zinc-600 capitalize dark:text-zinc-400">{workspace.role}</span>
            </a>
          </li>
        ))}
      </ul>
      <CreateWorkspaceForm />
    </MenuButton>
  );
}
