import { createdBy, ownerId, type Access } from "@/lib/access/context";
import { referencesOf } from "@/lib/references/entry-references";
import { getDb, type Transaction } from "@/lib/db/client";
import { isForeignKeyViolation } from "@/lib/db/errors";
import { AppError } from "@/lib/errors";
import { checkProjectReference, invalidProjectReference } from "@/lib/projects/projects";
import { entryInclude, writtenBy, type EntryWithRelations } from "./entry-with-relations";
import type { TimerStart } from "./schemas";
import type { EntrySource } from "./sources";

/** The longest duration an entry holds (lib/worklog/schemas.ts): a timer left running longer stops at it. */
export const MAX_DURATION_SECONDS = 604_800;

/** What a timer started at `start` has run by `at`, in whole seconds: at least 1, at most an entry's longest. */
export function elapsedSeconds(start: Date, at: Date): number {
  return Math.min(MAX_DURATION_SECONDS, Math.max(1, Math.round((at.getTime() - start.getTime()) / 1000)));
}

/**
 * The entry as it would be if its timer stopped at `at`: it ends then and lasted since it started
 * (its `recordedAt` while it runs). An entry that is not running is returned as it is. The export
 * writes running entries so (docs/api.md, "Timer").
 */
export function stoppedAt(entry: EntryWithRelations, at: Date): EntryWithRelations {
  if (entry.runningUserId === null) return entry;
  return { ...entry, runningUserId: null, durationSeconds: elapsedSeconds(entry.recordedAt, at), recordedAt: at };
}

/**
 * How a stop ends the timer: only if the running entry is `id` (so that a stop meant for a timer
 * already stopped elsewhere leaves a newer one running), and with `durationSeconds` instead of
 * the time it ran (the web app's answer to a timer left running, README "The web app").
 */
export type StopChoice = { id?: string; durationSeconds?: number };

/** Stops the account's running entry, if there is one (and it is the one `choice` names), inside `transaction`. */
async function stopRunning(transaction: Transaction, access: Access, at: Date, choice: StopChoice = {}): Promise<EntryWithRelations | null> {
  const running = await transaction.worklogEntry.findUnique({
    where: { runningUserId_workspaceId: { runningUserId: access.user.id, workspaceId: access.workspace.id } },
    select: { id: true, recordedAt: true },
  });
  if (!running || (choice.id !== undefined && choice.id !== running.id)) return null;
  // A stop told later (started_at or stopped_at of an offline device) never ends before the start.
  const end = at < running.recordedAt ? running.recordedAt : at;
  const stopped = await transaction.worklogEntry.update({
    where: { id: running.id },
    data: { runningUserId: null, recordedAt: end, durationSeconds: choice.durationSeconds ?? elapsedSeconds(running.recordedAt, end) },
    include: entryInclude,
  });
  return writtenBy(access, stopped);
}

/**
 * Locks the account's row for a change of its timer, so that of two starts or stops at once one
 * waits for the other: an account has one running entry at most, which the unique
 * `running_user_id` enforces besides. Answers the time of the change: `at` when given, else the
 * database's clock read once the lock is held, so that starts and stops are timed in the order
 * they change the timer (a clock read before the lock could stop an entry before it started).
 */
async function lockTimer(transaction: Transaction, access: Access, at: Date | undefined): Promise<Date> {
  await transaction.$queryRaw`SELECT id FROM users WHERE id = ${access.user.id}::uuid FOR NO KEY UPDATE`;
  if (at) return at;
  const [clock] = await transaction.$queryRaw<{ ms: number }[]>`SELECT extract(epoch FROM clock_timestamp())::float8 * 1000 AS ms`;
  return new Date(Math.floor(clock!.ms));
}

/** Starts a running entry of the account, stopping the one that runs first (docs/api.md, "Timer"). */
export async function startTimer(
  access: Access,
  input: TimerStart,
  source: EntrySource,
  at?: Date,
): Promise<{ timer: EntryWithRelations; stopped: EntryWithRelations | null }> {
  await checkProjectReference(access, input.project_id);
  try {
    return await getDb().$transaction(async (transaction) => {
      const now = await lockTimer(transaction, access, at);
      const stopped = await stopRunning(transaction, access, now);
      const references = await referencesOf(transaction, ownerId(access), input.project_id ?? null, [input.content]);
      const timer = await transaction.worklogEntry.create({
        data: {
          ...references,
          ...createdBy(access),
          runningUserId: access.user.id,
          content: input.content,
          recordedAt: now,
          tags: input.tags ?? [],
          projectId: input.project_id ?? null,
          source,
        },
        include: entryInclude,
      });
      return { timer: writtenBy(access, timer), stopped };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw invalidProjectReference();
    throw error;
  }
}

/**
 * Stops the account's running entry: its duration is the time since it started, unless `choice`
 * gives one. A 404 when none runs, or when the one running is not the entry `choice` names.
 */
export async function stopTimer(access: Access, choice: StopChoice = {}, at?: Date): Promise<EntryWithRelations> {
  const stopped = await getDb().$transaction(async (transaction) => {
    const now = await lockTimer(transaction, access, at);
    return stopRunning(transaction, access, now, choice);
  });
  if (!stopped) throw AppError.notFound();
  return stopped;
}

/** The account's running entry, or null. */
export async function runningTimer(access: Access): Promise<EntryWithRelations | null> {
  const running = await getDb().worklogEntry.findUnique({
    where: { runningUserId_workspaceId: { runningUserId: access.user.id, workspaceId: access.workspace.id } },
    include: entryInclude,
  });
  return running && writtenBy(access, running);
}
