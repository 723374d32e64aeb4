import "server-only";
import { createdBy, owned, type Access } from "@/lib/access/context";
import { getDb, type Transaction } from "@/lib/db/client";
import { isRecordMissing } from "@/lib/db/errors";
import { isUuid, newId } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { markAccountChanged } from "@/lib/db/account-counters";
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
async function checkedDestination(access: Access, destination: DestinationInput, transaction: Transaction): Promise<StoredDestination> {
  if (destination.kind === "webhook") {
    const endpoint = await transaction.webhookEndpoint.findFirst({ where: { id: destination.webhook_id, ...owned(access) }, select: { id: true } });
    if (!endpoint) throw AppError.validation([{ pointer: "/destination/webhook_id", detail: "Invalid value", message: "Choose one of your webhooks" }]);
    return { destinationKind: "webhook", webhookEndpointId: endpoint.id, destinationUrl: null };
  }
  const destinationUrl = await allowedOutboundUrl(destination.url, "/destination/url", "The URL");
  return { destinationKind: destination.kind, webhookEndpointId: null, destinationUrl };
}

export function listSchedules(access: Access) {
  requireRecapPlan(access.user);
  return getDb().recapSchedule.findMany({ where: owned(access), orderBy: { id: "desc" } });
}

/** A schedule of the account; another account's is a 404. */
export async function getSchedule(access: Access, id: string, transaction?: Transaction) {
  requireRecapPlan(access.user);
  const schedule = isUuid(id) ? await (transaction ?? getDb()).recapSchedule.findFirst({ where: { id, ...owned(access) } }) : null;
  if (!schedule) throw AppError.notFound();
  return schedule;
}

export async function createSchedule(access: Access, input: ScheduleCreate, now = new Date()) {
  requireRecapPlan(access.user);
  return getDb().$transaction(async (transaction) => {
    // Locks the account's counter row first: concurrent creations count one after the other.
    await markAccountChanged(transaction, access);
    if ((await transaction.recapSchedule.count({ where: owned(access) })) >= MAX_SCHEDULES_PER_ACCOUNT) {
      throw AppError.validation([
        {
          pointer: "",
          detail: `Too many items: at most ${MAX_SCHEDULES_PER_ACCOUNT}`,
          message: `An account has at most ${MAX_SCHEDULES_PER_ACCOUNT} schedules: delete one first.`,
        },
      ]);
    }
    const destination = await checkedDestination(access, input.destination, transaction);
    const times = { enabled: input.enabled ?? true, weekdays: input.weekdays, localTime: input.time };
    return transaction.recapSchedule.create({
      data: {
        id: newId(),
        ...createdBy(access),
        template: input.template,
        period: input.period,
        ...times,
        ...destination,
        nextRunAt: nextRun(times, access.user.timezone, now),
      },
    });
  });
}

/** Changes the fields sent, and computes the next run again. */
export async function updateSchedule(access: Access, id: string, input: ScheduleUpdate, now = new Date()) {
  return getDb().$transaction(async (transaction) => {
    const schedule = await getSchedule(access, id, transaction);
    const destination = input.destination && (await checkedDestination(access, input.destination, transaction));
    const times = { enabled: input.enabled ?? schedule.enabled, weekdays: input.weekdays ?? schedule.weekdays, localTime: input.time ?? schedule.localTime };
    return transaction.recapSchedule.update({
      where: { id: schedule.id },
      data: { template: input.template, period: input.period, ...times, ...destination, nextRunAt: nextRun(times, access.user.timezone, now) },
    });
  });
}

export async function deleteSchedule(access: Access, id: string) {
  requireRecapPlan(access.user);
  if (!isUuid(id)) throw AppError.notFound();
  try {
    return await getDb().recapSchedule.delete({ where: { id, ...owned(access) } });
  } catch (error) {
    if (isRecordMissing(error)) throw AppError.notFound();
    throw error;
  }
}
