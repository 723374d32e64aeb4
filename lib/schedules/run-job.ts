import "server-only";
import { z } from "zod";
import { createdBy, owned, ownerId, type Access } from "@/lib/access/context";
import { getConfig } from "@/lib/config";
import { getDb, type Recap } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { defineJobKind, type JobContext, type JobKind } from "@/lib/jobs/job-kind";
import { enqueueJob, runJobNow } from "@/lib/jobs/queue";
import { publicOrigin } from "@/lib/public-origin";
import { generateRecapNow } from "@/lib/recaps/generation";
import { recapPeriod, type RecapPeriodId } from "@/lib/recaps/periods";
import { createRecap } from "@/lib/recaps/recaps";
import { toRecapResponse } from "@/lib/recaps/responses";
import { shareRecap } from "@/lib/recaps/shares";
import type { RecapTemplate } from "@/lib/recaps/templates";
import { calendarDay } from "@/lib/time";
import { webhookDelivery } from "@/lib/webhooks/delivery-job";
import { SCHEDULED_RECAP_EVENT_TYPE } from "@/lib/webhooks/events";
import { discordMessage, slackMessage } from "./chat-messages";
import { scheduleChatDelivery } from "./chat-delivery-job";

export const scheduleRunPayload = z.object({
  schedule_id: z.uuid(),
  /** The instant the run is for: its day, in the account's time zone, is the period's "today". */
  run_at: z.iso.datetime(),
});
export type ScheduleRunPayload = z.output<typeof scheduleRunPayload>;

async function failRun(scheduleId: string, error: string, recapId?: string): Promise<void> {
  await getDb().recapSchedule.updateMany({ where: { id: scheduleId }, data: { lastRunStatus: "failed", lastRunError: error, lastRecapId: recapId } });
}

/** The recap of the run: made (or the completed one of the same entries found) and generated here, unless another worker generates it; the recap as it ended. */
async function recapOfRun(schedule: { template: string; period: string }, access: Access, runAt: Date, signal: AbortSignal): Promise<Recap> {
  const { timezone, weekStart } = access.user;
  const period = recapPeriod(schedule.period as RecapPeriodId, calendarDay(runAt, timezone), weekStart);
  const { recap } = await createRecap(access, {
    template: schedule.template as RecapTemplate,
    from: { kind: "day", date: period.from },
    to: { kind: "day", date: period.to },
  });
  if (recap.status === "processing") await generateRecapNow(recap.id, async () => {}, signal);
  return getDb().recap.findUniqueOrThrow({ where: { id: recap.id } });
}

/**
 * One run of a schedule: the recap of its period is made through the recaps' own path (its
 * generation job, run here), shared (a new link, lib/recaps/shares.ts), and its message enqueued
 * for the destination in one transaction that holds this job's lease: a `recap.scheduled` event
 * for the webhook (its own delivery job and log), or a Slack or Discord message, whose first
 * attempt runs here at once. A refusal of the recap (no entries in the period, no plan) fails the
 * run without a retry; anything else is tried again.
 */
export async function runSchedule({ schedule_id: scheduleId, run_at: runAt }: ScheduleRunPayload, job: JobContext): Promise<void> {
  const { access } = job;
  if (!access) return;
  const db = getDb();
  const schedule = await db.recapSchedule.findFirst({ where: { id: scheduleId, ...owned(access) } });
  if (!schedule) return;
  let recap: Recap;
  try {
    recap = await recapOfRun(schedule, access, new Date(runAt), job.signal);
  } catch (error) {
    if (error instanceof AppError) return failRun(scheduleId, `${error.message}: nothing was sent`);
    throw error;
  }
  if (recap.status !== "completed") return failRun(scheduleId, recap.error ?? "The recap could not be generated", recap.id);
  const { token } = await shareRecap(access, recap.id);
  const origin = publicOrigin(new Headers());
  const shareUrl = `${origin}/r/${token}`;

  const delivery = await db.$transaction(async (tx): Promise<{ kind: JobKind<never>; id: string } | undefined> => {
    await job.holdLease(tx);
    const current = await tx.recapSchedule.findFirst({ where: { id: scheduleId, ...owned(access) }, include: { webhookEndpoint: true } });
    if (!current) return undefined;
    if (current.destinationKind === "webhook") {
      if (!current.webhookEndpoint?.enabled) {
        await tx.recapSchedule.update({
          where: { id: scheduleId },
          data: { lastRunStatus: "failed", lastRunError: "The webhook is disabled: nothing was sent", lastRecapId: recap.id },
        });
        return undefined;
      }
      const eventId = newId();
      const data = { schedule_id: scheduleId, share_url: shareUrl, recap: toRecapResponse(recap) };
      await tx.webhookEvent.create({ data: { id: eventId, ...createdBy(access), type: SCHEDULED_RECAP_EVENT_TYPE, resourceId: recap.id, data } });
      const { id } = await enqueueJob(webhookDelivery, { event_id: eventId, endpoint_id: current.webhookEndpoint.id }, { tx, owner: ownerId(access) });
      await tx.recapSchedule.update({ where: { id: scheduleId }, data: { lastRunStatus: "sent", lastRunError: null, lastRecapId: recap.id } });
      return { kind: webhookDelivery as JobKind<never>, id };
    }
    const kind: "slack" | "discord" = current.destinationKind === "slack" ? "slack" : "discord";
    const message = kind === "slack" ? slackMessage(recap.content ?? "", shareUrl, origin) : discordMessage(recap.content ?? "", shareUrl, origin);
    const { id } = await enqueueJob(
      scheduleChatDelivery,
      { schedule_id: scheduleId, body: JSON.stringify(message), kind },
      { tx, owner: ownerId(access), actingFor: createdBy(access) },
    );
    await tx.recapSchedule.update({ where: { id: scheduleId }, data: { lastRecapId: recap.id } });
    return { kind: scheduleChatDelivery as JobKind<never>, id };
  });
  if (delivery) await runJobNow(delivery.kind, delivery.id, { leaseMs: getConfig().jobs.leaseMs });
}

/** A run of a recap schedule (lib/schedules/runs.ts enqueues them). */
export const scheduleRun = defineJobKind({
  name: "recap_schedule.run",
  payload: scheduleRunPayload,
  lane: "recaps",
  maxAttempts: 3,
  backoff: { firstDelayMs: 5_000, maxDelayMs: 60_000 },
  run: runSchedule,
  async onFailed({ schedule_id: scheduleId }, failure, tx) {
    await tx.recapSchedule.updateMany({ where: { id: scheduleId }, data: { lastRunStatus: "failed", lastRunError: `The run failed: ${failure.message}` } });
  },
});
