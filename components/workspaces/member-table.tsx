import { CredentialTable } from "@/components/settings/table-parts";
import { roleAtLeast, type WorkspaceRole } from "@/lib/access/roles";
import { formatDate, type Clock } from "@/lib/formatting/time-words";
import { calendarDay } from "@/lib/time";
import type { MemberResponse } from "@/lib/workspaces/responses";
import { LeaveWorkspaceButton, MemberRoleControl, RemoveMemberButton, TransferOwnershipButton } from "./member-controls";

type MemberTableProps = {
  members: MemberResponse[];
  /** Who looks: their id and role decide which controls there are (none that their role may not use). */
  viewer: { userId: string; role: WorkspaceRole };
  workspaceName: string;
  clock: Clock;
};

export const memberName = (member: Pick<MemberResponse, "name" | "email">) => member.name ?? member.email ?? "A member without a name";

/**
 * The workspace's members: an admin changes the others' roles and removes them, the owner also
 * hands the ownership over, and anyone but the owner leaves.
 */
export function MemberTable({ members, viewer, workspaceName, clock }: MemberTableProps) {
  const administers = roleAtLeast(viewer.role, "admin");
  return (
    <CredentialTable
      columns={["Name", "Email", "Role", "Joined"]}
      rows={members.map((member) => {
        const name = memberName(member);
        const self = member.user_id === viewer.userId;
        const changeable = administers && !self && member.role !== "owner";
        const joined = new Date(member.joined_at);
        return {
          id: member.user_id,
          name: self ? `${name} (you)` : name,
          cells: [
            member.email === null ? (
              <span className="text-zinc-500 dark:text-zinc-400">Hidden</span>
            ) : (
              <span key="email" className="break-all">
                {member.email}
              </span>
            ),
            changeable ? <MemberRoleControl key={member.role} userId={member.user_id} name={name} role={member.role} /> : member.role,
            <time key="joined" dateTime={member.joined_at}>
              {formatDate(calendarDay(joined, clock.timeZone))}
            </time>,
          ],
          action: (
            <div className="flex flex-wrap gap-2 sm:justify-end">
              {changeable && viewer.role === "owner" && <TransferOwnershipButton userId={member.user_id} name={name} />}
              {changeable && <RemoveMemberButton userId={member.user_id} name={name} />}
              {self && member.role !== "owner" && <LeaveWorkspaceButton workspaceName={workspaceName} />}
            </div>
          ),
        };
      })}
    />
  );
}
