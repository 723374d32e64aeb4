"use client";

import { useTransition } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { toast } from "@/components/ui/toast";
import { resendInvitationAction, revokeInvitationAction } from "@/lib/workspaces/member-actions";

/** Sends the invitation again with a new link and 14 more days; its toast copies the new link, which is shown nowhere else. */
export function ResendInvitationButton({ id, email }: { id: string; email: string }) {
  const [pending, startTransition] = useTransition();
  const resend = () =>
    startTransition(async () => {
      const result = await resendInvitationAction(id);
      if (!result.ok) return void toast.error(result.message);
      const { inviteUrl, emailQueued } = result.data;
      toast.success(emailQueued ? `Invitation emailed again to ${email}, with a new link` : `New invitation link for ${email}: copy it to send it`, {
        action: { label: "Copy link", onClick: () => void navigator.clipboard.writeText(inviteUrl) },
        duration: 20_000,
      });
    });
  return (
    <Button variant="ghost" size="sm" onClick={resend} disabled={pending} aria-label={`Resend the invitation of ${email}`}>
      {pending ? "Sending…" : "Resend"}
    </Button>
  );
}

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
