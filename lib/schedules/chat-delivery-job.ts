import "server-only";
import { z } from "zod";
import { owned } from "@/lib/access/context";
import { getDb } from "@/lib/db/client";
import { storableText } from "@/lib/db/storable-text";
import { defineJobKind, type JobContext } from "@/lib/jobs/job-kind";
import { attemptDelivery, retryDelay, WEBHOOK_RETRY_DELAYS_MS, writeOutcome } from "@/lib/webhooks/delivery-job";

const MAX_ERROR_LENGTH = 500;

export const chatDeliveryPayload = z.object({
  schedule_id: z.uuid(),
  /** The JSON message, in the format of the schedule's kind when its run wrote it. */
  body: z.string(),
  kind: z.enum(["slack", "discord"]),
});
export type ChatDeliveryPayload = z.output<typeof chatDeliveryPayload>;

/**
 * One attempt to post a scheduled recap's message to its Slack or Discord URL: checked again
 * against the SSRF rules and posted as a webhook's delivery is (10 s, no redirect followed,
 * lib/webhooks/send.ts), and its outcome written as the schedule's last run status, the answer
 * cleaned of what PostgreSQL refuses. A message delivered is not sent again when its status
 * cannot be written. A schedule deleted since, or sent elsewhere since, gets nothing; so does one
 * the job's owner does not own.
 */
export async function deliverToChat({ schedule_id: scheduleId, body, kind }: ChatDeliveryPayload, job: JobContext): Promise<void> {
  if (!job.access) return;
  const db = getDb();
  const schedule = await db.recapSchedule.findFirst({ where: { id: scheduleId, ...owned(job.access) } });
  if (!schedule?.destinationUrl || schedule.destinationKind !== kind) return;
  const outcome = await attemptDelivery(schedule.destinationUrl, { "content-type": "application/json" }, body, job.signal);
  const delivered = outcome.answered && outcome.status >= 200 && outcome.status < 300;
  const retrying = !delivered && job.attempt < job.maxAttempts;
  const error = delivered
    ? null
    : storableText(outcome.answered ? `Answered ${outcome.status}${outcome.excerpt ? `: ${outcome.excerpt}` : ""}`.slice(0, MAX_ERROR_LENGTH) : outcome.error);
  const status = delivered ? "delivered" : retrying ? "retrying" : "failed";
  await writeOutcome(
    delivered,
    () =>
      db.$transaction(async (tx) => {
        await job.holdLease(tx);
        await tx.recapSchedule.updateMany({ where: { id: scheduleId }, data: { lastRunStatus: status, lastRunError: error } });
      }),
    `The message of schedule ${scheduleId}`,
  );
  if (retrying) throw new Error(error ?? "Not delivered");
}

/** A scheduled recap's message to Slack or Discord, retried like a webhook's deliveries (README "Webhooks"). */
export const scheduleChatDelivery = defineJobKind({
  name: "recap_schedule.deliver",
  payload: chatDeliveryPayload,
  lane: "deliveries",
  maxAttempts: WEBHOOK_RETRY_DELAYS_MS.length + 1,
  delayFor: retryDelay,
  run: deliverToChat,
});
