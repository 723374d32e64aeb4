import type { Metadata } from "next";
import { InvitationTable } from "@/components/workspaces/invitation-table";
import { InviteForm } from "@/components/workspaces/invite-form";
import { MemberTable, memberName } from "@/components/workspaces/member-table";
import { StandupReminderForm } from "@/components/workspaces/standup-reminder-form";
import { roleAtLeast } from "@/lib/access/roles";
import { requireAccess } from "@/lib/auth/current-user";
import { accountClock } from "@/lib/formatting/account-clock";
import { getStandupReminder } from "@/lib/reminders/standup-reminders";
import { INVITATION_VALID_DAYS, listInvitations } from "@/lib/workspaces/invitations";
import { listMembers } from "@/lib/workspaces/members";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const access = await requireAccess("/settings/members");
  // Invitations are an admin's (GET /workspace/invitations): nobody else's page reads them.
  const administers = roleAtLeast(access.role, "admin");
  const [members, invitations, clock, reminder] = await Promise.all([
    listMembers(access),
    administers ? listInvitations(access) : Promise.resolve([]),
    accountClock(access.user),
    getStandupReminder(access),
  ]);
  const inviters = new Map(members.map((member) => [member.user_id, memberName(member)]));
  return (
    <div className="space-y-12">
      <div>
        <h2 className="text-xl font-semibold tracking-tight">Members</h2>
        <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          Who works in <strong className="font-semibold text-zinc-900 dark:text-zinc-100">{access.workspace.name}</strong>, and their role: viewers read,
          members write their own entries, admins also manage the members and settings, and the owner can hand the workspace over. You are{" "}
          {access.role === "admin" || access.role === "owner" ? "an" : "a"} {access.role}.
        </p>
      </div>
      <section aria-labelledby="member-list-heading">
        <h3 id="member-list-heading" className="text-lg font-semibold tracking-tight">
          People
        </h3>
        <div className="mt-4">
          <MemberTable members={members} viewer={{ userId: access.user.id, role: access.role }} workspaceName={access.workspace.name} clock={clock} />
        </div>
      </section>
      <section aria-labelledby="reminder-heading">
        <h3 id="reminder-heading" className="text-lg font-semibold tracking-tight">
          Your standup reminder
        </h3>
        <p className="mt-1 mb-4 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          Off unless you turn it on: at that time, if the team standup would list you as silent, your worklog of this workspace says so.
        </p>
        <StandupReminderForm initial={{ enabled: reminder.enabled, remind_at: reminder.remind_at ?? "16:30" }} timeZone={reminder.time_zone} />
      </section>
      {administers && (
        <>
          <section aria-labelledby="invite-heading">
            <h3 id="invite-heading" className="text-lg font-semibold tracking-tight">
              Invite by email
            </h3>
            <p className="mt-1 mb-4 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
              Makes a link for that address only; hand it over yourself. They join with the role you choose.
            </p>
            <InviteForm validDays={INVITATION_VALID_DAYS} />
          </section>
          <section aria-labelledby="invitation-list-heading">
            <h3 id="invitation-list-heading" className="text-lg font-semibold tracking-tight">
              Pending invitations
            </h3>
            <div className="mt-4">
              {invitations.length > 0 ? (
                <InvitationTable invitations={invitations} inviters={inviters} clock={clock} />
              ) : (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">No invitation is waiting.</p>
              )}
            </div>
          </section>
        </>
      )}
    </div>
  );
}
