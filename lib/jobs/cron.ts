import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { appJobKinds } from "./kinds";
import { drainJobs, type DrainResult } from "./queue";

/** New attempts start for this long per call; those started run to their end (the route's maxDuration bounds them on Vercel). */
const CLAIM_FOR_MS = 60_000;

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Throws the 401 unless the request carries `Authorization: Bearer <CRON_SECRET>`, compared in
 * constant time (of the digests, so that the secret's length does not show either). Without
 * CRON_SECRET configured, nothing is allowed.
 */
export function requireCronSecret(request: Request): void {
  const secret = getConfig().cronSecret;
  const sent = request.headers.get("authorization") ?? "";
  const allowed = secret !== undefined && timingSafeEqual(digest(sent), digest(`Bearer ${secret}`));
  if (!allowed) throw new AppError("authentication", "Authentication required");
}

/** Runs the due jobs of every kind, as the cron route does. */
export function runDueJobs(): Promise<DrainResult> {
  const { concurrency, leaseMs } = getConfig().jobs;
  return drainJobs({ kinds: appJobKinds, concurrency, leaseMs, claimForMs: CLAIM_FOR_MS });
}
