import type { Metadata } from "next";
import { PlanNotice } from "@/components/recaps/plan-notice";
import { RecapForm } from "@/components/recaps/recap-form";
import { RecapList } from "@/components/recaps/recap-list";
import type { Access } from "@/lib/access/context";
import { requireAccess } from "@/lib/auth/current-user";
import { listProjects } from "@/lib/projects/projects";
import { listRecaps } from "@/lib/recaps/recaps";
import { recapPeriods } from "@/lib/recaps/periods";
import { calendarDay } from "@/lib/time";
import { accountClock } from "@/lib/formatting/account-clock";

export const metadata: Metadata = { title: "Recaps" };

export default async function RecapsPage() {
  const access = await requireAccess("/recaps");
  const { user } = access;
  return (
    <div className="max-w-4xl space-y-12">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Recaps</h1>
        <p className="mt-1 text-sm text-pretty text-zinc-600 dark:text-zinc-400">
          Your worklog entries, summed up: choose a template and the days to cover, and watch the recap being written. Copy it as Markdown or download it when
          it is done.
        </p>
      </div>
      {user.plan === "pro" ? <RecapsForPro access={access} /> : <PlanNotice />}
    </div>
  );
}

async function RecapsForPro({ access }: { access: Access }) {
  const { user } = access;
  const [{ rows: projects }, recaps] = await Promise.all([listProjects(access, { limit: 100 }), listRecaps(access)]);
  return (
    <>
      <section aria-labelledby="new-recap-heading">
        <h2 id="new-recap-heading" className="mb-4 text-lg font-semibold tracking-tight">
          New recap
        </h2>
        <RecapForm
          projects={projects.map(({ id, name }) => ({ id, name }))}
          periods={recapPeriods(calendarDay(new Date(), user.timezone), user.weekStart)}
          weekStart={user.weekStart}
        />
      </section>
      <section aria-labelledby="past-recaps-heading">
        <h2 id="past-recaps-heading" className="mb-4 text-lg font-semibold tracking-tight">
          Past recaps
        </h2>
        <RecapList recaps={recaps} clock={await accountClock(user)} />
      </section>
    </>
  );
}
