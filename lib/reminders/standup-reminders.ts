import "server-only";
import { createdBy, type Access } from "@/lib/access/context";
import { getDb } from "@/lib/db/client";
import { standupDays } from "@/lib/recaps/team-standup-recap";
import { calendarDay } from "@/lib/time";
import type { StandupReminderResponse } from "./responses";
import type { StandupReminderUpdate } from "./schemas";
import { isSilent } from "./silence";

const reminderSelect = { remindStandup: true, remindAt: true, remindNoticeOn: true } as const;

function toResponse(access: Access, row: { remindStandup: boolean; remindAt: string | null; remindNoticeOn: string | null }): StandupReminderResponse {
  return { enabled: row.remindStandup, remind_at: row.remindAt, time_zone: access.user.timezone, last_reminded_on: row.remindNoticeOn };
}

/** The caller's own standup reminder in the workspace (docs/api.md, "Standup reminders"). */
export async function getStandupReminder(access: Access): Promise<StandupReminderResponse> {
  const row = await getDb().membership.findUniqueOrThrow({ where: { workspaceId_userId: createdBy(access) }, select: reminderSelect });
  return toResponse(access, row);
}

/**
 * Turns the caller's reminder on or off, at a time. A time changed to one already past today
 * reminds today still, unless today's was looked at already.
 */
export async function setStandupReminder(access: Access, update: StandupReminderUpdate): Promise<StandupReminderResponse> {
  const row = await getDb().membership.update({
    where: { workspaceId_userId: createdBy(access) },
    data: { remindStandup: update.enabled, remindAt: update.remind_at },
    select: reminderSelect,
  });
  return toResponse(access, row);
}

/**
 * The worklog's notice of a reminder that was due (docs/api.md, "Standup reminders"): the day
 * since which the caller wrote nothing, while they still have not (an entry from then through
 * today ends it) and have not dismissed it; else null.
 */
export async function standupReminderNotice(access: Access, now = new Date()): Promise<{ since: string } | null> {
  const { remindNoticeOn: day } = await getDb().membership.findUniqueOrThrow({
    where: { workspaceId_userId: createdBy(access) },
    select: { remindNoticeOn: true },
  });
  if (!day) return null;
  const timeZone = access.user.timezone;
  return (await isSilent(createdBy(access), day, timeZone, calendarDay(now, timeZone))) ? { since: standupDays(day).since } : null;
}

/** The notice goes away until the next reminder. */
export async function dismissStandupReminderNotice(access: Access): Promise<void> {
  await getDb().membership.update({ where: { workspaceId_userId: createdBy(access) }, data: { remindNoticeOn: null } });
}
