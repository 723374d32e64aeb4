import { calendarRefresh } from "@/lib/calendar/refresh-job";
import { importJob } from "@/lib/data/import-jobs";
import { recapGeneration } from "@/lib/recaps/generation";
import { referencesRefresh } from "@/lib/references/refresh-job";
import { standupReminderEmail } from "@/lib/reminders/email-job";
import { scheduleChatDelivery } from "@/lib/schedules/chat-delivery-job";
import { scheduleRun } from "@/lib/schedules/run-job";
import { webhookDelivery } from "@/lib/webhooks/delivery-job";
import { invitationEmail } from "@/lib/workspaces/invitation-email";
import { jobKinds } from "./job-kind";

/** Every kind of job the app runs: what its workers and the cron route claim. */
export const appJobKinds = jobKinds(
  recapGeneration,
  importJob,
  webhookDelivery,
  scheduleRun,
  scheduleChatDelivery,
  invitationEmail,
  standupReminderEmail,
  calendarRefresh,
  referencesRefresh,
);
