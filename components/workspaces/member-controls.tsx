"use client";

import { useId, useState } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/toast";
import type { WorkspaceRole } from "@/lib/access/roles";
import { changeMemberRoleAction, leaveWorkspaceAction, removeMemberAction } from "@/lib/workspaces/member-actions";

/** The roles an admin gives with the select: owner only by a transfer. */
const selectableRoles = ["viewer", "member", "admin"] as const satisfies WorkspaceRole[];

const strong = "font-semibold break-words text-zinc-900 dark:text-zinc-100";

/**
 * A member's role, changed with a select and confirmed in a dialog; its toast's Undo gives the
 * role back. The page renders it anew with the saved role (its key), which ends a change.
 */
export function MemberRoleControl({ userId, name, role }: { userId: string; name: string; role: WorkspaceRole }) {
  const selectId = useId();
  const [chosen, setChosen] = useState<WorkspaceRole>(role);
  function undo() {
    void changeMemberRoleAction(userId, role).then((result) => {
      if (result.ok) toast(`${name} is ${role} again`);
      else toast.error(result.message);
    });
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        Role of {name}
      </label>
      <select
        id={selectId}
        value={chosen}
        onChange={(event) => setChosen(event.target.value as WorkspaceRole)}
        className="rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900"
      >
        {selectableRoles.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {chosen !== role && (
        <ConfirmButton
          tone="change"
          label="Change role"
          accessibleLabel={`Change role of ${name}`}
          title="Change role"
          description={
            <>
              Make <strong className={strong}>{name}</strong> {chosen === "admin" ? "an" : "a"} {chosen}, instead of {role === "admin" ? "an" : "a"} {role}?
            </>
          }
          confirmLabel={`Make ${chosen}`}
          pendingLabel="Changing…"
          action={changeMemberRoleAction.bind(null, userId, chosen)}
          onDone={() => toast.success(`${name} is now ${chosen}`, { action: { label: "Undo", onClick: undo } })}
        />
      )}
    </div>
  );
}

export function RemoveMemberButton({ userId, name }: { userId: string; name: string }) {
  return (
    <ConfirmButton
      label="Remove"
      accessibleLabel={`Remove ${name}`}
      title="Remove member"
      description={
        <>
          Remove <strong className={strong}>{name}</strong> from the workspace? Their entries stay; their running timer stops and their API keys for this
          workspace stop working at once.
        </>
      }
      confirmLabel="Remove member"
      pendingLabel="Removing…"
      action={removeMemberAction.bind(null, userId)}
      doneMessage={`${name} was removed`}
    />
  );
}

export function TransferOwnershipButton({ userId, name }: { userId: string; name: string }) {
  return (
    <ConfirmButton
      label="Transfer ownership"
      accessibleLabel={`Transfer ownership to ${name}`}
      title="Transfer ownership"
      description={
        <>
          Make <strong className={strong}>{name}</strong> the owner of the workspace? You become an admin, and only they can give the ownership back.
        </>
      }
      confirmLabel="Transfer ownership"
      pendingLabel="Transferring…"
      action={changeMemberRoleAction.bind(null, userId, "owner")}
      doneMessage={`${name} is now the owner`}
    />
  );
}

export function LeaveWorkspaceButton({ workspaceName }: { workspaceName: string }) {
  return (
    <ConfirmButton
      label="Leave"
      accessibleLabel={`Leave ${workspaceName}`}
      title="Leave workspace"
      description={
        <>
          Leave <strong className={strong}>{workspaceName}</strong>? Your entries stay there; your running timer there stops and your API keys for it stop
          working. Only a new invitation brings you back.
        </>
      }
      confirmLabel="Leave workspace"
      pendingLabel="Leaving…"
      action={leaveWorkspaceAction}
    />
  );
}
