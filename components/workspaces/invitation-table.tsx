import { CredentialTable, dateTimeFormatter } from "@/components/settings/table-parts";
import type { Clock } from "@/lib/formatting/time-words";
import type { InvitationResponse } from "@/lib/workspaces/responses";
import { ResendInvitationButton, RevokeInvitationButton } from "./invitation-controls";

/** The pending invitations (an admin's to see), each with Resend and Revoke; `inviters` names the members who made them. */
export function InvitationTable({ invitations, inviters, clock }: { invitations: InvitationResponse[]; inviters: Map<string, string>; clock: Clock }) {
  const formatDate = dateTimeFormatter(clock);
  return (
    <CredentialTable
      columns={["Email", "Role", "Expires", "Invited by"]}
      rows={invitations.map((invitation) => ({
        id: invitation.id,
        name: invitation.email,
        cells: [invitation.role, formatDate(new Date(invitation.expires_at)), inviters.get(invitation.invited_by) ?? "A former member"],
        action: (
          <div className="flex gap-1">
            <ResendInvitationButton id={invitation.id} email={invitation.email} />
            <RevokeInvitationButton id={invitation.id} email={invitation.email} />
          </div>
        ),
      }))}
    />
  );
}
