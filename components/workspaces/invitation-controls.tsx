"use client";

import { ConfirmButton } from "@/components/ui/confirm-button";
import { revokeInvitationAction } from "@/lib/workspaces/member-actions";

export function RevokeInvitationButton({ id, email }: { id: string; email: string }) {
  return (
    <ConfirmButton
      label="Revoke"
      accessibleLabel={`Revoke the invitation of ${email}`}
      title="Revoke invitation"
      description={
        <>
          Revoke the invitation of <strong className="font-semibold break-words text-zinc-900 dark:text-zinc-100">{email}</strong>? Its link stops working.
        </>
      }
      confirmLabel="Revoke invitation"
      pendingLabel="Revoking…"
      action={revokeInvitationAction.bind(null, id)}
      doneMessage={`Invitation revoked: ${email}`}
    />
  );
}
