import { createdBy, ownerId, readableRecaps, type Access } from "@/lib/access/context";
import { getDb, type Recap, type User } from "@/lib/db/client";
import { isUuid } from "@/lib/db/ids";
import { AppError } from "@/lib/errors";
import { enqueueJob } from "@/lib/jobs/queue";
import { runJobSoon } from "@/lib/jobs/soon";
import { requirePlan } from "@/lib/users/plans";
import { matchingEntries, resolveFilters } from "./filters";
import { recapGeneration } from "./generation";
import type { RecapMetadata } from "./metadata";
import type { RecapFiltersInput } from "./schemas";
import { DEFAULT_RECAP_TEMPLATE } from "./templates";

/** Every recap feature requires plan `pro` (docs/api.md). */
export const RECAP_PLAN = "pro";

/**
 * The plan's limit on recaps as the web app says it (the API answers the contract's
 * PLAN_REQUIRED_MESSAGE): what the limit is, and that time does not lift it.
 */
export const RECAP_PLAN_LIMIT_IN_WORDS =
  "Your account is on the free plan, which includes no recaps at all. This is not a daily or monthly allowance, so it does not reset with time: recaps are here as soon as the account is on the pro plan.";

export function requireRecapPlan(user: User): void {
  requirePlan(user, RECAP_PLAN);
}

export async function getRecap(access: Access, id: string): Promise<Recap> {
  const recap = isUuid(id) ? await getDb().recap.findFirst({ where: { id, ...readableRecaps(access) } }) : null;
  if (!recap) throw AppError.notFound();
  return recap;
}

export async function listRecaps(access: Access, take = 50): Promise<Recap[]> {
  return getDb().recap.findMany({ where: readableRecaps(access), orderBy: { id: "desc" }, take });
}

export type CreatedRecap = { recap: Recap; cached: boolean };

/**
 * Starts a recap of the entries matching the filters, or returns the completed recap of the
 * same filters and template when none of those entries changed (or appeared, or left) since it
 * was made. A new recap's generation is enqueued in the transaction that creates it; the caller
 * has it start (`startRecapGeneration`), or runs it itself (`generateRecapNow`).
 */
export async function createRecap(access: Access, input: RecapFiltersInput): Promise<CreatedRecap> {
  requireRecapPlan(access.user);
  const db = getDb();
  const { filters, key } = resolveFilters(access.user, input);
  const template = input.template ?? DEFAULT_RECAP_TEMPLATE;
  const where = matchingEntries(access, filters);
  const [{ _count: count, _max: latest }, previous] = await Promise.all([
    db.worklogEntry.aggregate({ where, _count: true, _max: { updatedAt: true } }),
    db.recap.findFirst({ where: { ...readableRecaps(access), filtersKey: key, template, status: "completed" }, orderBy: { id: "desc" } }),
  ]);
  if (count === 0) throw AppError.invalidRequest("No worklog entries match these filters");
  const unchanged =
    previous && (previous.metadata as RecapMetadata | null)?.entry_count === count && latest.updatedAt !== null && latest.updatedAt <= previous.insertedAt;
  if (unchanged) return { recap: previous, cached: true };
  const recap = await db.$transaction(async (tx) => {
    const created = await tx.recap.create({ data: { ...createdBy(access), filters, filtersKey: key, template } });
    await enqueueJob(recapGeneration, { recap_id: created.id }, { tx, owner: ownerId(access), actingFor: createdBy(access) });
    return created;
  });
  return { recap, cached: false };
}

/** Has a new recap's generation start at once: this process's worker, or on Vercel this request after its response. */
export function startRecapGeneration(recapId: string): void {
  runJobSoon(recapGeneration, recapId);
}
