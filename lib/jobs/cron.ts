import "server-only";
import { refreshDueCalendars } from "@/lib/calendar/refresh-scan";
import { getConfig } from "@/lib/config";
import { isBearerOf } from "@/lib/crypto";
import { AppError } from "@/lib/errors";
import { remindDueMembers } from "@/lib/reminders/scan";
import { runDueSchedules } from "@/lib/schedules/runs";
import { appJobKinds } from "./kinds";
import { drainJobs, type DrainResult } from "./queue";

/** New attempts start for this long per call; those started run to their end (the route's maxDuration bounds them on Vercel). */
const CLAIM_FOR_MS = 60_000;

/** Throws the 401 unless the request carries `Authorization: Bearer <CRON_SECRET>`; without CRON_SECRET configured, nothing is allowed. */
export function requireCronSecret(request: Request): void {
  if (!isBearerOf(request.headers.get("authorization"), getConfig().cronSecret)) throw new AppError("authentication", "Authentication required");
}

/** Starts the due recap schedules, standup reminders and calendar refreshes, then runs the due jobs of every kind (their runs among them), as the cron route does. */
export async function runDueJobs(): Promise<DrainResult> {
  const { concurrency, leaseMs, bounds } = getConfig().jobs;
  await runDueSchedules();
  await remindDueMembers();
  await refreshDueCalendars();
  return drainJobs({ kinds: appJobKinds, concurrency, leaseMs, bounds, claimForMs: CLAIM_FOR_MS });
}
