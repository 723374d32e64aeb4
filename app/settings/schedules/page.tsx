import type { Metadata } from "next";
import { PlanNotice } from "@/components/recaps/plan-notice";
import { ScheduleForm } from "@/components/settings/schedule-form";
import { ScheduleList } from "@/components/settings/schedule-list";
import { EmptyState } from "@/components/ui/empty-state";
import { requireAccess } from "@/lib/auth/current-user";
import { RECAP_PLAN } from "@/lib/recaps/recaps";
import { createScheduleAction } from "@/lib/schedules/actions";
import { listSchedules } from "@/lib/schedules/schedules";
import { listWebhooks } from "@/lib/webhooks/endpoints";
import { accountClock } from "@/lib/formatting/account-clock";
import { AdminsOnly } from "@/components/settings/admins-only";
import { integrationsRole, roleAtLeast } from "@/lib/access/roles";

export const metadata: Metadata = { title: "Schedules" };

export default async function SchedulesPage() {
  const access = await requireAccess("/settings/schedules");
  if (!roleAtLeast(access.role, integrationsRole)) return <AdminsOnly title="Schedules" what="recap schedules" />;
  const { user } = access;
  const intro = (
    <div>
      <h2 className="text-xl font-semibold tracking-tight">Schedules</h2>
      <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
        A schedule makes a recap on the days and at the time you choose, in your time zone, and sends it with a share link: to one of your webhooks, or to a
        Slack or Discord channel through its incoming-webhook URL. Run now sends one at once.
      </p>
    </div>
  );
  if (user.plan !== RECAP_PLAN) {
    return (
      <div className="space-y-8">
        {intro}
        <PlanNotice />
      </div>
    );
  }
  const [schedules, webhooks] = await Promise.all([listSchedules(access), listWebhooks(access)]);
  const webhookOptions = webhooks.map((webhook) => ({ id: webhook.id, url: webhook.url }));
  return (
    <div className="space-y-12">
      {intro}
      <section aria-labelledby="create-schedule-heading">
        <h3 id="create-schedule-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Create a schedule
        </h3>
        <ScheduleForm
          webhooks={webhookOptions}
          timeZone={user.timezone}
          action={createScheduleAction}
          submitLabel="Create schedule"
          doneMessage="Schedule created"
        />
      </section>
      <section aria-labelledby="schedule-list-heading">
        <h3 id="schedule-list-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Your schedules
        </h3>
        {schedules.length > 0 ? (
          <ScheduleList schedules={schedules} webhooks={webhooks} clock={await accountClock(user)} />
        ) : (
          <EmptyState title="No schedules yet">Create one above, then press Run now to see it arrive.</EmptyState>
        )}
      </section>
    </div>
  );
}
