import "server-only";
import { getDb, type Transaction, type User } from "@/lib/db/client";
import { isRecordMissing } from "@/lib/db/errors";
import { isUuid, newId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { markAccountChanged } from "@/lib/hooks/hooks";
import { requireRecapPlan } from "@/lib/recaps/recaps";
import { allowedOutboundUrl } from "@/lib/webhooks/allowed-url";
import { nextRun } from "./reschedule";
import type { DestinationInput, ScheduleCreate, ScheduleUpdate } from "./schemas";

/** Schedules an account may have: its list is one page. */
export const MAX_SCHEDULES_PER_ACCOUNT = 20;

type StoredDestination = { destinationKind: string; webhookEndpointId: string | null; destinationUrl: string | null };

/**
 * The destination as stored: a webhook of the account, or a Slack or Discord URL whose form and
 * every address of its host are allowed, as a webhook's (lib/webhooks/destination.ts); a 422 says why not.
 */
async function checkedDestination(userId: string, destination: DestinationInput, transaction: Transaction): Promise<StoredDestination> {
  if (destination.kind === "webhook") {
    const endpoint = await transaction.webhookEndpoint.findFirst({ where: { id: destination.webhook_id, userId }, select: { id: true } });
    if (!endpoint) throw AppError.validation([{ pointer: "/destination/webhook_id", detail: "Invalid value", message: "Choose one of your webhooks" }]);
    return { destinationKind: "webhook", webhookEndpointId: endpoint.id, destinationUrl: null };
  }
  const destinationUrl = await allowedOutboundUrl(destination.url, "/destination/url", "The URL");
  return { destinationKind: destination.kind, webhookEndpointId: null, destinationUrl };
}

export function listSchedules(user: User) {
  requireRecapPlan(user);
  return getDb().recapSchedule.findMany({ where: { userId: user.id }, orderBy: { id: "desc" } });
}

/** A schedule of the account; another account's is a 404. */
export async function getSchedule(user: User, id: string, transaction?: Transaction) {
  requireRecapPlan(user);
  const schedule = isUuid(id) ? await (transaction ?? getDb()).recapSchedule.findFirst({ where: { id, userId: user.id } }) : null;
  if (!schedule) throw AppError.notFound();
  return schedule;
}

export async function createSchedule(user: User, input: ScheduleCreate, now = new Date()) {
  requireRecapPlan(user);
  return getDb().$transaction(async (transaction) => {
    // Locks the account's counter row first: concurrent creations count one after the other.
    await markAccountChanged(transaction, user.id);
    if ((await transaction.recapSchedule.count({ where: { userId: user.id } })) >= MAX_SCHEDULES_PER_ACCOUNT) {
      throw AppError.validation([
        {
          pointer: "",
          detail: `Too many items: at most ${MAX_SCHEDULES_PER_ACCOUNT}`,
          message: `An account has at most ${MAX_SCHEDULES_PER_ACCOUNT} schedules: delete one first.`,
        },
      ]);
    }
    const destination = await checkedDestination(user.id, input.destination, transaction);
    const times = { enabled: input.enabled ?? true, weekdays: input.weekdays, localTime: input.time };
    return transaction.recapSchedule.create({
      data: {
        id: newId(),
        userId: user.id,
        template: input.template,
        period: input.period,
        ...times,
        ...destination,
        nextRunAt: nextRun(times, user.timezone, now),
      },
    });
  });
}

/** Changes the fields sent, and computes the next run again. */
export async function updateSchedule(user: User, id: string, input: ScheduleUpdate, now = new Date()) {
  return getDb().$transaction(async (transaction) => {
    const schedule = await getSchedule(user, id, transaction);
    const destination = input.destination && (await checkedDestination(user.id, input.destination, transaction));
    const times = { enabled: input.enabled ?? schedule.enabled, weekdays: input.weekdays ?? schedule.weekdays, localTime: input.time ?? schedule.localTime };
    return transaction.recapSchedule.update({
      where: { id: schedule.id },
      data: { template: input.template, period: input.period, ...times, ...destination, nextRunAt: nextRun(times, user.timezone, now) },
    });
  });
}

export async function deleteSchedule(user: User, id: string) {
  requireRecapPlan(user);
  if (!isUuid(id)) throw AppError.notFound();
  try {
    return await getDb().recapSchedule.delete({ where: { id, userId: user.id } });
  } catch (error) {
    if (isRecordMissing(error)) throw AppError.notFound();
    throw error;
  }
}
