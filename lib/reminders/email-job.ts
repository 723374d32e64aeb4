import "server-only";
import { z } from "zod";
import { createdBy } from "@/lib/access/context";
import { sendEmailFromJob } from "@/lib/email/job-send";
import { defineJobKind, type JobContext } from "@/lib/jobs/job-kind";
import { standupDays } from "@/lib/recaps/team-standup-recap";
import { calendarDay } from "@/lib/time";
import { workspaceBase } from "@/lib/workspaces/workspace-path";
import { standupReminderMessage } from "./message";
import { isSilent } from "./silence";

const reminderEmailPayload = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), origin: z.string() });
type ReminderEmailPayload = z.output<typeof reminderEmailPayload>;

/**
 * Sends the reminder of `day` to the member the job acts for, unless they have written since
 * (the email would be wrong by then) or are no longer a member (no access).
 */
async function sendReminderEmail({ day, origin }: ReminderEmailPayload, job: JobContext): Promise<void> {
  const access = job.access;
  if (!access) return;
  const timeZone = access.user.timezone;
  if (!(await isSilent(createdBy(access), day, timeZone, calendarDay(job.now(), timeZone)))) return;
  const message = standupReminderMessage({
    to: access.user.email,
    workspaceName: access.workspace.name,
    since: standupDays(day).since,
    link: `${origin}${workspaceBase(access.workspace.slug)}`,
  });
  await sendEmailFromJob(message);
}

/** A standup reminder's email: tried again after 30 s, doubled up to 15 minutes, for about two hours. */
export const standupReminderEmail = defineJobKind({
  name: "standup_reminder.email",
  payload: reminderEmailPayload,
  lane: "deliveries",
  maxAttempts: 12,
  backoff: { firstDelayMs: 30_000, maxDelayMs: 900_000 },
  run: sendReminderEmail,
});
