import "server-only";
import { getDb } from "@/lib/db/client";
import { emailConfigured } from "@/lib/email/transport";
import { enqueueJob } from "@/lib/jobs/queue";
import type { Clock } from "@/lib/jobs/sql";
import { wakeJobWorker } from "@/lib/jobs/worker";
import { publicOrigin } from "@/lib/public-origin";
import { reminderDayAt } from "./due";
import { standupReminderEmail } from "./email-job";
import { isSilent } from "./silence";

/** Memberships with reminders on looked at per scan. */
const SCAN_LIMIT = 1000;

/**
 * Sends the standup reminders that are due (docs/api.md, "Standup reminders"): for each member
 * whose reminder time of a working day has come (reminderDayAt) and who is silent (isSilent),
 * the worklog's notice of that day and, when the server sends email, its email through the
 * queue. Each membership's day is claimed with a compare-and-set of `remind_checked_on` in the
 * transaction that queues the email, so that two scans at once never remind twice, and a day
 * is looked at once: a member who wrote before the time gets nothing that day. The schedule
 * scanner and the cron route call this; tests call it with a clock.
 */
export async function remindDueMembers(clock: Clock = () => new Date(), origin = publicOrigin(new Headers())): Promise<{ reminded: number }> {
  const db = getDb();
  const now = clock();
  const members = await db.membership.findMany({
    where: { remindStandup: true },
    select: { workspaceId: true, userId: true, remindStandup: true, remindAt: true, remindCheckedOn: true, user: { select: { timezone: true } } },
    orderBy: [{ remindCheckedOn: { sort: "asc", nulls: "first" } }, { userId: "asc" }],
    take: SCAN_LIMIT,
  });
  let reminded = 0;
  for (const member of members) {
    const day = reminderDayAt(member, member.user.timezone, now);
    if (!day) continue;
    const key = { workspaceId: member.workspaceId, userId: member.userId };
    const silent = await isSilent(key, day, member.user.timezone);
    const claimed = await db.$transaction(async (tx) => {
      const { count } = await tx.membership.updateMany({
        where: { ...key, remindStandup: true, remindCheckedOn: member.remindCheckedOn },
        data: { remindCheckedOn: day, ...(silent && { remindNoticeOn: day }) },
      });
      if (count === 0 || !silent) return false;
      if (emailConfigured()) await enqueueJob(standupReminderEmail, { day, origin }, { tx, owner: member.workspaceId, actingFor: key });
      return true;
    });
    if (claimed) reminded++;
  }
  if (reminded > 0) wakeJobWorker();
  return { reminded };
}
